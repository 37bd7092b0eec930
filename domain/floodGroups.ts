/**
 * Alarm floods: when one device raises more than `threshold` alarms of one type within `windowMs`, the
 * popup and the bell show them as one group ("3# 配电柜: 剩余电流报警 ×27, 最新 10:42:05") with one
 * confirmation for all, so a flood from one cause does not bury the others. The event list still holds
 * every event; this only shapes what the bell and the popup show.
 */
export interface FloodPolicy {
  threshold: number;
  windowMs: number;
}

export const DEFAULT_FLOOD_POLICY: FloodPolicy = { threshold: 5, windowMs: 60_000 };

/** The policy set in 系统配置 (floodThreshold alarms within floodWindowSeconds). */
export function floodPolicyOf(settings: { floodThreshold: number; floodWindowSeconds: number }): FloodPolicy {
  return { threshold: settings.floodThreshold, windowMs: settings.floodWindowSeconds * 1000 };
}

/** What grouping needs of a bell message. */
export interface FloodItem {
  id: string;
  time: number;
  logTypeName: string;
  description: { deviceId: number | null; deviceCode: string | null };
}

export const floodKey = (n: FloodItem) => `${n.description.deviceId ?? n.description.deviceCode ?? '-'}|${n.logTypeName}`;

export interface FloodGroup<T extends FloodItem> {
  key: string;
  /** the newest message of the group */
  latest: T;
  count: number;
  ids: string[];
}

export type BellEntry<T extends FloodItem> = { kind: 'one'; notice: T } | { kind: 'group'; group: FloodGroup<T> };

/** The messages of `key` within the policy's window before `at` (items newest first). */
function recent<T extends FloodItem>(items: readonly T[], key: string, at: number, policy: FloodPolicy): number {
  let n = 0;
  for (const i of items) if (floodKey(i) === key && i.time <= at && at - i.time <= policy.windowMs) n++;
  return n;
}

/** Is `notice` (already in `items`, or about to be) part of a flood of its device and type? */
export function isFlooding<T extends FloodItem>(items: readonly T[], notice: T, policy: FloodPolicy = DEFAULT_FLOOD_POLICY): boolean {
  const key = floodKey(notice);
  const all = items.some((i) => i.id === notice.id) ? items : [notice, ...items];
  return recent(all, key, notice.time, policy) > policy.threshold;
}

/**
 * The bell's rows: messages newest first, a flooding device-and-type folded into one group row at the
 * place of its newest message (the group holds every message of that key still in the bell).
 */
export function groupNotices<T extends FloodItem>(items: readonly T[], policy: FloodPolicy = DEFAULT_FLOOD_POLICY): BellEntry<T>[] {
  const byKey = new Map<string, T[]>();
  for (const n of items) {
    const k = floodKey(n);
    const list = byKey.get(k);
    if (list) list.push(n);
    else byKey.set(k, [n]);
  }
  const groups = new Map<string, FloodGroup<T>>();
  for (const [key, list] of byKey) {
    const latest = list.reduce((a, b) => (b.time > a.time ? b : a));
    if (recent(list, key, latest.time, policy) > policy.threshold)
      groups.set(key, { key, latest, count: list.length, ids: list.map((n) => n.id) });
  }
  const out: BellEntry<T>[] = [];
  const placed = new Set<string>();
  for (const n of items) {
    const key = floodKey(n);
    const group = groups.get(key);
    if (!group) out.push({ kind: 'one', notice: n });
    else if (!placed.has(key)) {
      placed.add(key);
      out.push({ kind: 'group', group });
    }
  }
  return out;
}

/**
 * Alarm floods: when one device raises more than `threshold` alarms of one type within `windowMs`, or
 * one alarm type is raised more than `threshold` times within `windowMs` across devices (a supply
 * failure takes a feeder's devices off the air together), the popup and the bell show them as one
 * group — "3# 配电柜：剩余电流报警 ×27，最新 10:42:05", "通信中断 ×40（12 台设备），最新 10:42:05" —
 * with one confirmation for all, so a flood from one cause does not bury the others. The event list
 * still holds every event; this only shapes what the bell and the popup show.
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

const deviceOf = (n: FloodItem) => String(n.description.deviceId ?? n.description.deviceCode ?? '-');
/** one device and one alarm type */
const floodKey = (n: FloodItem) => `${deviceOf(n)}|${n.logTypeName}`;
/** one alarm type, whatever the device */
const typeKey = (n: FloodItem) => `*|${n.logTypeName}`;

export interface FloodGroup<T extends FloodItem> {
  key: string;
  /** 'device': one device's alarms of one type; 'type': one type's alarms across several devices */
  scope: 'device' | 'type';
  /** the newest message of the group */
  latest: T;
  count: number;
  ids: string[];
  /** the group's messages, newest first */
  items: T[];
  /** how many devices raised them (1 for a device group) */
  devices: number;
}

export type BellEntry<T extends FloodItem> = { kind: 'one'; notice: T } | { kind: 'group'; group: FloodGroup<T> };

/** The messages of `list` within the policy's window before `at`. */
function recent(list: readonly FloodItem[], at: number, policy: FloodPolicy): number {
  let n = 0;
  for (const i of list) if (i.time <= at && at - i.time <= policy.windowMs) n++;
  return n;
}

function bucket<T extends FloodItem>(items: readonly T[], keyOf: (n: T) => string): Map<string, T[]> {
  const byKey = new Map<string, T[]>();
  for (const n of items) {
    const k = keyOf(n);
    const list = byKey.get(k);
    if (list) list.push(n);
    else byKey.set(k, [n]);
  }
  return byKey;
}

/** The groups of a key whose newest message has more than the threshold within the window before it. */
function floods<T extends FloodItem>(byKey: Map<string, T[]>, scope: FloodGroup<T>['scope'], policy: FloodPolicy): FloodGroup<T>[] {
  const out: FloodGroup<T>[] = [];
  for (const [key, list] of byKey) {
    const latest = list.reduce((a, b) => (b.time > a.time ? b : a));
    if (recent(list, latest.time, policy) <= policy.threshold) continue;
    const items = [...list].sort((a, b) => b.time - a.time);
    out.push({ key, scope, latest, count: list.length, ids: items.map((n) => n.id), items, devices: new Set(list.map(deviceOf)).size });
  }
  return out;
}

/**
 * The groups among `items`: first each device's floods of one type; then, of the messages left, each
 * alarm type flooding across devices. A device's own flood stays its own row, so a type group never
 * hides which device is the loud one.
 */
function floodGroups<T extends FloodItem>(items: readonly T[], policy: FloodPolicy = DEFAULT_FLOOD_POLICY): FloodGroup<T>[] {
  const byDevice = floods(bucket(items, floodKey), 'device', policy);
  const grouped = new Set(byDevice.flatMap((g) => g.ids));
  const byType = floods(
    bucket(
      items.filter((n) => !grouped.has(n.id)),
      typeKey,
    ),
    'type',
    policy,
  );
  return [...byDevice, ...byType];
}

/** Is `notice` (already in `items`, or about to be) part of a flood — does the bell show it in a group? */
export function isFlooding<T extends FloodItem>(items: readonly T[], notice: T, policy: FloodPolicy = DEFAULT_FLOOD_POLICY): boolean {
  const all = items.some((i) => i.id === notice.id) ? items : [notice, ...items];
  return floodGroups(all, policy).some((g) => g.ids.includes(notice.id));
}

/**
 * The bell's rows: messages newest first, a flood folded into one group row at the place of its newest
 * message (the group holds every message of its device and type, or of its type, still in the bell).
 */
export function groupNotices<T extends FloodItem>(items: readonly T[], policy: FloodPolicy = DEFAULT_FLOOD_POLICY): BellEntry<T>[] {
  const groupOf = new Map<string, FloodGroup<T>>();
  for (const g of floodGroups(items, policy)) for (const id of g.ids) groupOf.set(id, g);
  const out: BellEntry<T>[] = [];
  const placed = new Set<string>();
  for (const n of items) {
    const group = groupOf.get(n.id);
    if (!group) out.push({ kind: 'one', notice: n });
    else if (!placed.has(group.key)) {
      placed.add(group.key);
      out.push({ kind: 'group', group });
    }
  }
  return out;
}

/** A type group's devices (the key a device is known by), each with its count and newest message, the newest first. */
export function groupDevices<T extends FloodItem>(group: FloodGroup<T>): { device: string; latest: T; count: number }[] {
  const byDevice = new Map<string, { device: string; latest: T; count: number }>();
  for (const n of group.items) {
    const device = deviceOf(n);
    const d = byDevice.get(device);
    if (d) d.count++;
    else byDevice.set(device, { device, latest: n, count: 1 });
  }
  return [...byDevice.values()];
}

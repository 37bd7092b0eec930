import {
  MAX_BATCH_VALUES,
  MAX_FUTURE_SKEW_MS,
  MEASURE_BY_ID,
  ingestBatchSchema,
  readingSchema,
  type CommandAck,
  type MeasureDef,
  type RejectedReading,
} from '../../domain/telemetry';
import { errors } from '../errors';
import { describeIssues } from '../http/validate';
import { parseTime } from '../text/time';

export interface GoodReading {
  def: MeasureDef;
  logicalId: number;
  time: number;
  value: number;
  status: number;
}

export interface CheckedBatch {
  device: string | number;
  time: number;
  readings: GoodReading[];
  rejected: RejectedReading[];
  acks: CommandAck[];
}

/** Does a batch carry a time as text (read in the project zone) rather than as ms? */
export function hasTextTime(raw: unknown): boolean {
  if (!raw || typeof raw !== 'object') return false;
  const b = raw as { time?: unknown; values?: unknown };
  return (
    typeof b.time === 'string' ||
    (Array.isArray(b.values) && b.values.some((v) => typeof (v as { time?: unknown } | null)?.time === 'string'))
  );
}

type Batch = { device: string | number; time: string | number; values: unknown[]; acks?: CommandAck[] | undefined };
type Reading = { dataId: number; logicalId: number; value: unknown; status: number };

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);
const isInt = (v: unknown, min: number, max = Number.MAX_SAFE_INTEGER): v is number =>
  Number.isSafeInteger(v) && (v as number) >= min && (v as number) <= max;

/**
 * The hot path's checks, written out: what ingestBatchSchema accepts in the shape every gateway
 * sends (no acks), answered without zod. Anything else — acks, or a fault — goes through the schema,
 * which says what is wrong. Same rules, so the answer never depends on the path taken.
 */
function plainBatch(raw: unknown): Batch | null {
  if (!isObject(raw) || raw.acks !== undefined) return null;
  const { device, time, values } = raw;
  const deviceOk = (typeof device === 'string' && device.length >= 1 && device.length <= 64) || isInt(device, 0);
  const timeOk = (typeof time === 'string' && time.length >= 1 && time.length <= 40) || isInt(time, 0);
  if (!deviceOk || !timeOk || (values !== undefined && !Array.isArray(values))) return null;
  return { device: device as string | number, time: time as string | number, values: (values as unknown[] | undefined) ?? [] };
}

function schemaReading(v: unknown): Reading | string {
  const r = readingSchema.safeParse(v);
  return r.success ? r.data : describeIssues(r.error.issues);
}

/**
 * Duplicates (a dataId twice at one time): readings at the batch's time by dataId alone, those with a
 * time of their own by dataId, then time (no single number: dataId × 1e13 + time left the safe
 * integers from dataId 901 on, so readings of different milliseconds collided). A gateway's backfill
 * is all own times: a string key "dataId@time" per reading made its check 4.5× that of a live batch.
 */
interface Seen {
  atBatchTime: Set<number>;
  ownTimes: Map<number, Set<number>> | undefined;
}

/** One reading: pushed to `readings` when good, else the reason it is refused. */
function checkReading(v: unknown, time: number, now: number, zone: string, readings: GoodReading[], seen: Seen): string | null {
  // readingSchema's rules (defaults included) written out for the shape every gateway sends; anything
  // else goes through the schema, which says what is wrong.
  let dataId: unknown, logicalId: unknown, status: unknown, value: unknown;
  if (isObject(v)) {
    dataId = v.dataId;
    logicalId = v.logicalId === undefined ? 1 : v.logicalId;
    status = v.status === undefined ? 0 : v.status;
    value = v.value;
  }
  if (!(isInt(dataId, Number.MIN_SAFE_INTEGER) && isInt(logicalId, 0) && isInt(status, 0, 255))) {
    const parsed = schemaReading(v);
    if (typeof parsed === 'string') return parsed;
    ({ dataId, logicalId, status, value } = parsed);
  }
  const def = MEASURE_BY_ID.get(dataId as number);
  if (!def) return `未知的数据项 dataId ${dataId as number}`;
  if (logicalId !== def.logicalId) return `dataId ${def.dataId} 的 logicalId 应为 ${def.logicalId}`;
  if (typeof value !== 'number' || !Number.isFinite(value)) return `value 不是有效数值：${JSON.stringify(value) ?? 'undefined'}`;
  let t = time;
  const own = (v as { time?: unknown }).time;
  if (own !== undefined) {
    const parsedOwn = typeof own === 'number' || typeof own === 'string' ? parseTime(own, zone) : null;
    if (parsedOwn === null) return `time 无法解析：${String(own)}`;
    if (parsedOwn > now + MAX_FUTURE_SKEW_MS) return `时间 ${String(own)} 超前服务器时钟超过 5 分钟`;
    t = parsedOwn;
  }
  if (t === time) {
    if (seen.atBatchTime.has(def.dataId)) return `dataId ${def.dataId} 在同一时刻重复`;
    seen.atBatchTime.add(def.dataId);
  } else {
    const byDataId = (seen.ownTimes ??= new Map());
    let times = byDataId.get(def.dataId);
    if (!times) byDataId.set(def.dataId, (times = new Set()));
    if (times.has(t)) return `dataId ${def.dataId} 在同一时刻重复`;
    times.add(t);
  }
  readings.push({ def, logicalId: def.logicalId, time: t, value, status: status as number });
  return null;
}

/**
 * Splits a batch into good readings and refused ones (each with its reason). Faults of the whole
 * batch (shape, size, time) throw: nothing of such a batch is stored.
 */
export function checkBatch(raw: unknown, now: number, zone: string): CheckedBatch {
  let b = plainBatch(raw);
  if (!b) {
    const parsed = ingestBatchSchema.safeParse(raw);
    if (!parsed.success) throw errors.BAD_REQUEST(describeIssues(parsed.error.issues));
    b = parsed.data;
  }
  if (b.values.length > MAX_BATCH_VALUES) throw errors.BATCH_TOO_LARGE(MAX_BATCH_VALUES);
  const time = parseTime(b.time, zone);
  if (time === null) throw errors.BAD_REQUEST(`time 无法解析：${String(b.time)}`);
  if (time > now + MAX_FUTURE_SKEW_MS) throw errors.TIME_IN_FUTURE(String(b.time));

  const readings: GoodReading[] = [];
  const rejected: RejectedReading[] = [];
  const seen: Seen = { atBatchTime: new Set(), ownTimes: undefined };
  // A plain loop without a closure per reading: the hot path of every ingested reading.
  for (let index = 0; index < b.values.length; index++) {
    const v = b.values[index];
    const reason = checkReading(v, time, now, zone, readings, seen);
    if (reason !== null) rejected.push({ index, dataId: (v as { dataId?: unknown } | null)?.dataId ?? null, reason });
  }
  return { device: b.device, time, readings, rejected, acks: b.acks ?? [] };
}

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
import { parseTime } from './time';

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

/**
 * Splits a batch into good readings and refused ones (each with its reason). Faults of the whole
 * batch (shape, size, time) throw: nothing of such a batch is stored.
 */
export function checkBatch(raw: unknown, now: number, zone: string): CheckedBatch {
  const parsed = ingestBatchSchema.safeParse(raw);
  if (!parsed.success) throw errors.BAD_REQUEST(describeIssues(parsed.error.issues));
  const b = parsed.data;
  if (b.values.length > MAX_BATCH_VALUES) throw errors.BATCH_TOO_LARGE(MAX_BATCH_VALUES);
  const time = parseTime(b.time, zone);
  if (time === null) throw errors.BAD_REQUEST(`time 无法解析：${String(b.time)}`);
  if (time > now + MAX_FUTURE_SKEW_MS) throw errors.TIME_IN_FUTURE(String(b.time));

  const readings: GoodReading[] = [];
  const rejected: RejectedReading[] = [];
  const seen = new Set<string>();
  b.values.forEach((v, index) => {
    const dataId = (v as { dataId?: unknown } | null)?.dataId;
    const refuse = (reason: string) => rejected.push({ index, dataId: dataId ?? null, reason });
    const r = readingSchema.safeParse(v);
    if (!r.success) return refuse(describeIssues(r.error.issues));
    const def = MEASURE_BY_ID.get(r.data.dataId);
    if (!def) return refuse(`未知的数据项 dataId ${r.data.dataId}`);
    if (r.data.logicalId !== def.logicalId) return refuse(`dataId ${def.dataId} 的 logicalId 应为 ${def.logicalId}`);
    const value = r.data.value;
    if (typeof value !== 'number' || !Number.isFinite(value)) return refuse(`value 不是有效数值：${JSON.stringify(value) ?? 'undefined'}`);
    let t = time;
    const own = (v as { time?: unknown }).time;
    if (own !== undefined) {
      const parsedOwn = typeof own === 'number' || typeof own === 'string' ? parseTime(own, zone) : null;
      if (parsedOwn === null) return refuse(`time 无法解析：${String(own)}`);
      if (parsedOwn > now + MAX_FUTURE_SKEW_MS) return refuse(`时间 ${String(own)} 超前服务器时钟超过 5 分钟`);
      t = parsedOwn;
    }
    // A string key: dataId × 1e13 + time left the safe integers from dataId 901 on, so readings of
    // different milliseconds collided as "duplicates".
    const key = `${def.dataId}@${t}`;
    if (seen.has(key)) return refuse(`dataId ${def.dataId} 在同一时刻重复`);
    seen.add(key);
    readings.push({ def, logicalId: r.data.logicalId, time: t, value, status: r.data.status });
  });
  return { device: b.device, time, readings, rejected, acks: b.acks ?? [] };
}

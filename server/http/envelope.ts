import type { Envelope } from '../../domain/envelope';

export function ok<T>(data: T, extra?: { total?: number; msg?: string; cursor?: string | undefined }): Envelope<T> {
  const env: Envelope<T> = { code: 0, msg: extra?.msg ?? 'success', data };
  if (extra?.total !== undefined) env.total = extra.total;
  if (extra?.cursor !== undefined) env.cursor = extra.cursor;
  return env;
}

import type { IngestResult } from '../../domain/telemetry';
import { ok } from '../http/envelope';

/** The answer to a batch, the same over HTTP and MQTT. */
export function ingestAnswer(result: IngestResult) {
  const msg = result.rejected.length ? `已接收 ${result.accepted} 个读数，拒收 ${result.rejected.length} 个` : 'success';
  return ok(result, { msg });
}

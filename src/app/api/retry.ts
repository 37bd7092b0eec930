import { isRetryableStatus, READ_RETRY_DELAYS_MS, retryingRead } from '../../../domain/requestPolicy';

export { READ_RETRY_DELAYS_MS };

interface Retryable {
  /** HTTP status of the failed attempt; 0 when no answer arrived */
  status: number;
}

/** The HTTP status of a failed attempt (ApiError and the like), or null for anything else. */
const statusOf = (err: unknown): number | null =>
  typeof err === 'object' && err !== null && 'status' in err ? (err as Retryable).status : null;

export function isRetryable(err: unknown): boolean {
  const status = statusOf(err);
  return status !== null && isRetryableStatus(status);
}

const pause = (ms: number, signal: AbortSignal | undefined) =>
  new Promise<void>((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason as Error);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', abort);
      resolve();
    }, ms);
    const abort = () => {
      clearTimeout(timer);
      reject(signal!.reason as Error);
    };
    signal?.addEventListener('abort', abort, { once: true });
  });

/** A read asked again by the shared policy (domain/requestPolicy.ts); an abort stops the waiting. */
export function withRetry<T>(
  attempt: () => Promise<T>,
  { delays = READ_RETRY_DELAYS_MS, signal }: { delays?: readonly number[]; signal?: AbortSignal | undefined } = {},
): Promise<T> {
  return retryingRead(
    attempt,
    (err) => (signal?.aborted ? null : statusOf(err)),
    (ms) => pause(ms, signal),
    delays,
  );
}

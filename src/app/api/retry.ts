/**
 * Reads are retried with backoff when the failure may pass by itself: no answer at all (network,
 * timeout) or a server-side failure (HTTP 5xx). A refusal (4xx, or an envelope with a code) is an
 * answer and is not asked again. Writes are never retried here: a repeated write is the user's call.
 */
export const READ_RETRY_DELAYS_MS: readonly number[] = [500, 1000, 2000];

export interface Retryable {
  /** HTTP status of the failed attempt; 0 when no answer arrived */
  status: number;
}

export function isRetryable(err: unknown): boolean {
  if (typeof err !== 'object' || err === null || !('status' in err)) return false;
  const status = (err as Retryable).status;
  return status === 0 || status >= 500;
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

/** Runs `attempt` until it succeeds, fails for good, or the delays run out; the last failure is thrown. */
export async function withRetry<T>(
  attempt: () => Promise<T>,
  { delays = READ_RETRY_DELAYS_MS, signal }: { delays?: readonly number[]; signal?: AbortSignal | undefined } = {},
): Promise<T> {
  for (let n = 0; ; n++) {
    try {
      return await attempt();
    } catch (err) {
      if (n >= delays.length || !isRetryable(err) || signal?.aborted) throw err;
      await pause(delays[n]!, signal);
    }
  }
}

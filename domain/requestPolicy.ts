/**
 * How the console talks to the server, written once for the app (src/app/api) and the series worker
 * (workers/seriesApi.ts): the headers that say who asks and in which language, and which failed
 * reads are asked again and when.
 */

/** Who asks: the session's token and user, the language wanted for messages. */
export interface Caller {
  token: string | null | undefined;
  userId?: string | null | undefined;
  /** Accept-Language for the server's messages (the app's language) */
  lang?: string | undefined;
}

export function callerHeaders(caller: Caller): Record<string, string> {
  const headers: Record<string, string> = {};
  if (caller.lang) headers['Accept-Language'] = caller.lang;
  if (caller.token) headers.Authorization = `Bearer ${caller.token}`;
  if (caller.userId) headers['User-Id'] = caller.userId;
  return headers;
}

/**
 * Reads are retried with backoff when the failure may pass by itself: no answer at all (network,
 * timeout; status 0) or a server-side failure (HTTP 5xx). A refusal (4xx, or an envelope with a code)
 * is an answer and is not asked again. Writes are never retried: a repeated write is the user's call.
 */
export const READ_RETRY_DELAYS_MS: readonly number[] = [500, 1000, 2000];

export const isRetryableStatus = (status: number): boolean => status === 0 || status >= 500;

/**
 * Runs `attempt` until it succeeds, fails for good (`statusOf` gives no retryable status), or the
 * delays run out; the last failure is thrown. `sleep` waits (and may reject to stop, as on abort).
 */
export async function retryingRead<T>(
  attempt: () => Promise<T>,
  statusOf: (err: unknown) => number | null,
  sleep: (ms: number) => Promise<void>,
  delays: readonly number[] = READ_RETRY_DELAYS_MS,
): Promise<T> {
  for (let n = 0; ; n++) {
    try {
      return await attempt();
    } catch (err) {
      const status = statusOf(err);
      if (n >= delays.length || status === null || !isRetryableStatus(status)) throw err;
      await sleep(delays[n]!);
    }
  }
}

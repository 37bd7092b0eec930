import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { READ_RETRY_DELAYS_MS, isRetryable, withRetry } from '../../src/app/api/retry';

const fail = (status: number) => Object.assign(new Error(`status ${status}`), { status });

describe('read retry with backoff', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('retries a network failure and a 5xx after 0.5 s, 1 s, then succeeds', async () => {
    const attempt = vi.fn().mockRejectedValueOnce(fail(0)).mockRejectedValueOnce(fail(503)).mockResolvedValueOnce('rows');
    const result = withRetry(attempt);
    await vi.advanceTimersByTimeAsync(0);
    expect(attempt).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(499);
    expect(attempt).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(attempt).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1000);
    expect(attempt).toHaveBeenCalledTimes(3);
    await expect(result).resolves.toBe('rows');
  });

  it('gives up after the last delay and throws the last failure', async () => {
    const attempt = vi.fn().mockRejectedValue(fail(0));
    const result = withRetry(attempt);
    const settled = expect(result).rejects.toMatchObject({ status: 0 });
    await vi.advanceTimersByTimeAsync(READ_RETRY_DELAYS_MS.reduce((a, b) => a + b, 0));
    await settled;
    expect(attempt).toHaveBeenCalledTimes(READ_RETRY_DELAYS_MS.length + 1);
  });

  it('does not ask again after an answer that refuses (4xx, a coded envelope) or an unknown error', async () => {
    for (const err of [fail(400), fail(401), fail(403), fail(200), new Error('plain')]) {
      const attempt = vi.fn().mockRejectedValue(err);
      await expect(withRetry(attempt)).rejects.toBe(err);
      expect(attempt).toHaveBeenCalledTimes(1);
    }
    expect([0, 500, 502, 504].map((s) => isRetryable(fail(s)))).toEqual([true, true, true, true]);
  });

  it('stops waiting when the caller aborts', async () => {
    const controller = new AbortController();
    const attempt = vi.fn().mockRejectedValue(fail(0));
    const result = withRetry(attempt, { signal: controller.signal });
    const settled = expect(result).rejects.toBeDefined();
    await vi.advanceTimersByTimeAsync(100);
    controller.abort();
    await settled;
    await vi.advanceTimersByTimeAsync(10_000);
    expect(attempt).toHaveBeenCalledTimes(1);
  });
});

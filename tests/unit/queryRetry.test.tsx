// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QueryObserver } from '@tanstack/react-query';
import { createQueryClient } from '../../src/app/api/queryClient';
import { api } from '../../src/app/api/client';
import { READ_RETRY_DELAYS_MS } from '../../domain/requestPolicy';
import { currentToasts } from '../../src/app/ui/toastStore';
import { envelope, stubFetch } from './queryHarness';

/**
 * A query's read follows the one retry policy (domain/requestPolicy.ts), applied once: by the API
 * client, never again by the query cache. A network failure or a 5xx is asked again after 0.5, 1 and
 * 2 s; an answer that refuses (4xx, or an envelope with a business code) is not.
 */
function watch(queryFn: () => Promise<unknown>) {
  const client = createQueryClient();
  const observer = new QueryObserver(client, { queryKey: ['test', 'roles'], queryFn });
  const stop = observer.subscribe(() => {});
  return { observer, stop, client };
}

describe('query retries: the client policy, once', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(async () => {
    await vi.runAllTimersAsync();
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('a 5xx and a network failure are asked again with backoff, then the answer is the data', async () => {
    let n = 0;
    const fetch = stubFetch(() => {
      n++;
      if (n === 1) return envelope(null, -1, 503, 'Service Unavailable');
      if (n === 2) return Promise.reject(new TypeError('Failed to fetch'));
      return envelope([{ id: 1, name: '值班员' }]);
    });
    const { observer, stop } = watch(() => api.get('/auth/v1/roles'));
    await vi.advanceTimersByTimeAsync(0);
    expect(fetch).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(READ_RETRY_DELAYS_MS[0]! - 1);
    expect(fetch).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetch).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(READ_RETRY_DELAYS_MS[1]!);
    expect(fetch).toHaveBeenCalledTimes(3);
    expect(observer.getCurrentResult()).toMatchObject({ status: 'success', data: [{ id: 1, name: '值班员' }], failureCount: 0 });
    stop();
  });

  it('an envelope with a business code is an answer: one attempt, the query fails with its message', async () => {
    const fetch = stubFetch(() => envelope(null, 1003, 200, '无操作权限!'));
    const { observer, stop } = watch(() => api.get('/auth/v1/roles'));
    await vi.advanceTimersByTimeAsync(10_000);
    expect(fetch).toHaveBeenCalledTimes(1);
    const r = observer.getCurrentResult();
    expect(r.status).toBe('error');
    expect(r.error).toMatchObject({ code: 1003, message: '无操作权限!' });
    stop();
  });

  it('a 4xx is not asked again either', async () => {
    const fetch = stubFetch(() => envelope(null, 400, 400, '参数错误'));
    const { observer, stop } = watch(() => api.get('/auth/v1/roles'));
    await vi.advanceTimersByTimeAsync(10_000);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(observer.getCurrentResult().status).toBe('error');
    stop();
  });

  it('an outage gets 1 + 3 attempts in all and one toast: the cache adds no retry of its own', async () => {
    const fetch = stubFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    const { observer, stop } = watch(() => api.get('/auth/v1/roles'));
    await vi.advanceTimersByTimeAsync(READ_RETRY_DELAYS_MS.reduce((a, b) => a + b, 0));
    expect(fetch).toHaveBeenCalledTimes(READ_RETRY_DELAYS_MS.length + 1);
    expect(observer.getCurrentResult()).toMatchObject({ status: 'error', failureCount: 1 });
    expect(currentToasts().filter((t) => t.kind === 'error')).toHaveLength(1);
    // long after every delay of the policy, nobody asks again
    await vi.advanceTimersByTimeAsync(60_000);
    expect(fetch).toHaveBeenCalledTimes(READ_RETRY_DELAYS_MS.length + 1);
    stop();
  });
});

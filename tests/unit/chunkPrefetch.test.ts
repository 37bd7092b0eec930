import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { isLoaded, preload } from '../../src/app/routing/lazyScreen';
import { prefetchWhenIdle } from '../../src/app/routing/prefetch';

/** A chunk loader whose loads the test settles by hand, counting how often it was asked. */
function chunk() {
  const calls: { resolve: (m: unknown) => void; reject: (e: Error) => void }[] = [];
  const loader = () => new Promise<unknown>((resolve, reject) => calls.push({ resolve, reject }));
  return { loader, calls };
}

describe('chunk preload', () => {
  it('keeps a loaded chunk (a screen then renders at once) and shares a load under way', async () => {
    const c = chunk();
    const a = preload(c.loader);
    const b = preload(c.loader);
    expect(c.calls).toHaveLength(1);
    expect(isLoaded(c.loader)).toBe(false);
    c.calls[0]!.resolve({ default: 'screen' });
    await Promise.all([a, b]);
    expect(isLoaded(c.loader)).toBe(true);
    await preload(c.loader);
    expect(c.calls).toHaveLength(1);
  });

  it('forgets a failed load, silently: the next ask goes to the network again', async () => {
    const c = chunk();
    const a = preload(c.loader);
    c.calls[0]!.reject(new Error('offline'));
    await expect(a).resolves.toBeUndefined();
    expect(isLoaded(c.loader)).toBe(false);
    void preload(c.loader);
    expect(c.calls).toHaveLength(2);
  });
});

describe('prefetchWhenIdle', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('loads one chunk at a time, each in an idle moment, and stops when cancelled', async () => {
    const [a, b, c] = [chunk(), chunk(), chunk()];
    const cancel = prefetchWhenIdle([a.loader, b.loader, c.loader]);
    expect(a.calls).toHaveLength(0); // nothing before the page is idle
    await vi.advanceTimersByTimeAsync(1000);
    expect([a.calls.length, b.calls.length]).toEqual([1, 0]); // the next waits for the first
    a.calls[0]!.resolve({});
    await vi.advanceTimersByTimeAsync(1000);
    expect(b.calls).toHaveLength(1);
    b.calls[0]!.reject(new Error('offline')); // a failure does not stop the rest
    cancel();
    await vi.advanceTimersByTimeAsync(5000);
    expect(c.calls).toHaveLength(0);
  });

  it('goes on past a failed chunk', async () => {
    const [a, b] = [chunk(), chunk()];
    prefetchWhenIdle([a.loader, b.loader]);
    await vi.advanceTimersByTimeAsync(1000);
    a.calls[0]!.reject(new Error('offline'));
    await vi.advanceTimersByTimeAsync(1000);
    expect(b.calls).toHaveLength(1);
  });
});

// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { useNow, useNowAs } from '../../src/app/widgets/useNow';

// React's act() outside a testing library: tell React this environment flushes its updates through act
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** Every render of a component showing the clock: which one, and the time it rendered with. */
const renders: { who: string; now: number }[] = [];
function Shows({ who }: { who: string }) {
  const now = useNow();
  renders.push({ who, now });
  return null;
}

/** Shows the minute only: renders when it changes. */
function ShowsMinute() {
  const minute = useNowAs((now) => Math.floor(now / 60_000));
  renders.push({ who: 'minute', now: minute });
  return null;
}

let roots: Root[] = [];
const mount = (who: string) => {
  const root = createRoot(document.createElement('div'));
  act(() => root.render(<Shows who={who} />));
  roots.push(root);
  return root;
};
const advance = (ms: number) => act(() => void vi.advanceTimersByTime(ms));

describe('useNow, the one clock of the console', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    // 250 ms into a second
    vi.setSystemTime(Date.UTC(2026, 10, 29, 3, 0, 0, 250));
    renders.length = 0;
  });
  afterEach(() => {
    for (const r of roots) act(() => r.unmount());
    roots = [];
    vi.useRealTimers();
  });

  it('ticks on each whole second, not a second after it was mounted', () => {
    mount('title');
    expect(renders.at(-1)!.now % 1000).toBe(250);
    advance(749);
    expect(renders).toHaveLength(1);
    advance(1);
    expect(renders.at(-1)!.now % 1000).toBe(0);
    for (let i = 0; i < 3; i++) advance(1000);
    expect(renders.map((r) => r.now % 1000)).toEqual([250, 0, 0, 0, 0]);
    // no second lost or shown twice
    expect(renders.slice(1).map((r) => (r.now - renders[1]!.now) / 1000)).toEqual([0, 1, 2, 3]);
  });

  it('every component showing it renders once a second, all with the same time, in one timer', () => {
    mount('title');
    mount('watermark');
    mount('wall');
    expect(vi.getTimerCount()).toBe(1);
    renders.length = 0;
    advance(750);
    expect(renders.map((r) => r.who).sort()).toEqual(['title', 'wall', 'watermark']);
    expect(new Set(renders.map((r) => r.now)).size).toBe(1);
    advance(1000);
    expect(renders).toHaveLength(6);
  });

  it('stops while nothing shows it, and starts again from the current time', () => {
    const root = mount('banner');
    act(() => root.unmount());
    roots = [];
    expect(vi.getTimerCount()).toBe(0);
    advance(10_000);
    renders.length = 0;
    mount('banner');
    expect(renders[0]!.now).toBe(Date.now());
    expect(vi.getTimerCount()).toBe(1);
  });

  it('a component showing what it selects of the clock renders when that changes, on the same ticks', () => {
    const root = createRoot(document.createElement('div'));
    act(() => root.render(<ShowsMinute />));
    roots.push(root);
    mount('clock');
    const count = (who: string) => renders.filter((r) => r.who === who).length;
    // 03:00:00.250; a second at a time (one act per tick, as the page renders each), up to 03:00:59
    advance(750);
    for (let s = 1; s < 59; s++) advance(1000);
    expect(count('clock')).toBe(60);
    expect(count('minute')).toBe(1);
    // 03:01:00
    advance(1000);
    expect(renders.filter((r) => r.who === 'minute').map((r) => r.now - renders[0]!.now)).toEqual([0, 1]);
    for (let s = 0; s < 120; s++) advance(1000);
    expect(count('minute')).toBe(4);
    expect(count('clock')).toBe(181);
    expect(vi.getTimerCount()).toBe(1);
  });
});

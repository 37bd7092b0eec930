// @vitest-environment jsdom
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, Profiler } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { useLanguagePack } from '../../src/app/i18n/i18n';
import zh from '../../src/app/i18n/locales/zh_cn';
import { DeviceTile } from '../../src/features/realTime/DeviceTile';
import { WallHeader } from '../../src/features/realTime/WallHeader';
import type { Tile } from '../../streams/deviceTiles';

// React's act() outside a testing library: tell React this environment flushes its updates through act
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const REPORT_MS = 15_000;
const T0 = Date.UTC(2026, 10, 29, 3, 0, 0, 0);

const tile = (deviceId: number, time: number | null): Tile => ({
  deviceId,
  code: `VG${deviceId}`,
  name: `设备${deviceId}`,
  projectId: 1,
  projectName: '项目',
  devicestatus: 1,
  alarmRank: 0,
  activeAlarms: 0,
  time,
  values: { 1001: 12 },
  trip: null,
});

let root: Root;
let host: HTMLDivElement;
/** commits of the profiled subtree, by its id */
const commits = new Map<string, number>();
const counted = (id: string, node: React.ReactNode) => (
  <Profiler id={id} onRender={() => commits.set(id, (commits.get(id) ?? 0) + 1)}>
    {node}
  </Profiler>
);
/** The clock runs on a second at a time, each second's renders committed before the next (as in a browser). */
const advance = (ms: number) => {
  for (let t = 0; t < ms; t += 1000) act(() => void vi.advanceTimersByTime(Math.min(1000, ms - t)));
};
const noop = () => {};

beforeAll(async () => {
  await useLanguagePack('zh_cn', zh);
});

describe('the wall on the clock: a tick renders only what shows the time', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(T0);
    commits.clear();
    host = document.createElement('div');
    root = createRoot(host);
  });
  afterEach(() => {
    act(() => root.unmount());
    vi.useRealTimers();
  });

  it('a tile with live data renders at no tick; one going stale renders when its shown age changes', () => {
    // each is live until 2 × REPORT_MS have passed since its reading
    const live = tile(1, T0 + 60_000);
    const ageing = tile(2, T0);
    act(() =>
      root.render(
        <>
          {counted('live', <DeviceTile tile={live} reportMs={REPORT_MS} onOpen={noop} />)}
          {counted('ageing', <DeviceTile tile={ageing} reportMs={REPORT_MS} onOpen={noop} />)}
        </>,
      ),
    );
    const ageingTile = () => host.querySelector('[data-device="2"]')!;
    expect(ageingTile().getAttribute('data-stale')).toBeNull();
    commits.clear();

    advance(30_000);
    expect(commits.get('ageing') ?? 0).toBe(0);
    expect(ageingTile().getAttribute('data-stale')).toBeNull();
    advance(1_000);
    expect(ageingTile().getAttribute('data-stale')).toBe('true');
    expect(ageingTile().querySelector('[data-testid=tile-age]')!.textContent).toBe('31秒前');
    expect(commits.get('ageing')).toBe(1);

    // under a minute its age is shown in seconds: a render a second; past it, one a minute
    advance(28_000);
    expect(commits.get('ageing')).toBe(29);
    advance(1_000);
    expect(ageingTile().querySelector('[data-testid=tile-age]')!.textContent).toBe('1分钟前');
    commits.set('ageing', 0);
    advance(59_000);
    expect(commits.get('ageing')).toBe(0);
    advance(1_000);
    expect(commits.get('ageing')).toBe(1);
    expect(ageingTile().querySelector('[data-testid=tile-age]')!.textContent).toBe('2分钟前');

    // the other tile's data went stale at T0 + 91 s (its reading plus 2 × 15 s, passed): it rendered then
    // and at each second of its age since, up to T0 + 120 s
    expect(commits.get('live')).toBe(30);
  });

  it("the header renders when its stale count or the newest reading's shown age changes, not at every tick", () => {
    const tiles = [tile(1, T0), tile(2, T0 + 20_000), tile(3, null)];
    const legend = () => host.querySelector('[data-testid=wall-legend]')!;
    const staleCount = () => legend().querySelector('[data-count-state=stale]')!.getAttribute('data-count');
    act(() =>
      root.render(counted('header', <WallHeader tiles={tiles} reportMs={REPORT_MS} page={0} pages={1} onPrev={noop} onNext={noop} />)),
    );
    // the device without data is stale from the start
    expect(staleCount()).toBe('1');
    expect(legend().querySelector('[data-testid=wall-newest]')!.getAttribute('data-stale')).toBeNull();
    commits.clear();

    advance(30_000);
    expect(commits.get('header') ?? 0).toBe(0);
    advance(1_000);
    expect(staleCount()).toBe('2');
    expect(commits.get('header')).toBe(1);

    advance(19_000);
    expect(commits.get('header')).toBe(1);
    // the newest reading (T0 + 20 s) is stale past T0 + 50 s: the count and the age show it
    advance(1_000);
    expect(staleCount()).toBe('3');
    const newest = legend().querySelector('[data-testid=wall-newest]')!;
    expect(newest.getAttribute('data-stale')).toBe('true');
    expect(newest.textContent).toContain('31秒前');
    expect(commits.get('header')).toBe(2);
    advance(1_000);
    expect(newest.textContent).toContain('32秒前');
    expect(commits.get('header')).toBe(3);
  });
});

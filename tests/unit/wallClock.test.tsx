// @vitest-environment jsdom
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act } from 'react';
import type { Root } from 'react-dom/client';
import { commits, counted, mount } from './renderCounts';
import { useLanguagePack } from '../../src/app/i18n/i18n';
import zh from '../../src/app/i18n/locales/zh_cn';
import { DeviceTile } from '../../src/features/realTime/DeviceTile';
import { WallHeader } from '../../src/features/realTime/WallHeader';
import { staleCount, wallTally } from '../../src/app/liveDevices/tileLook';
import type { Tile } from '../../streams/deviceTiles';

/**
 * The wall on the clock (issue 32): a tick of the one clock renders only what its words change. A wall
 * used to render its strip and every tile's props each second, most of a kiosk's work a second.
 */
const REPORT_MS = 15_000;
const T0 = Date.UTC(2026, 10, 30, 4, 0, 0, 0);

const tile = (deviceId: number, time: number | null): Tile => ({
  deviceId,
  code: `VG${deviceId}`,
  name: `终端${deviceId}`,
  projectId: 1,
  projectName: '西湖文化广场',
  devicestatus: 1,
  alarmRank: 0,
  activeAlarms: 0,
  time,
  values: new Map([[1001, 20]]),
  trip: null,
});

let root: Root;
const tick = (seconds = 1) => {
  for (let i = 0; i < seconds; i++) act(() => void vi.advanceTimersByTime(1000));
};
const ageOf = (id: number) => document.querySelector(`[data-device="${id}"] [data-testid=tile-age]`)?.textContent ?? null;

beforeAll(async () => {
  await useLanguagePack('zh_cn', zh);
});

describe('the wall on the clock', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(T0);
  });
  afterEach(() => {
    act(() => root.unmount());
    document.body.replaceChildren();
    vi.useRealTimers();
  });

  it('a tile with live data does not render on the ticks; a stale one renders when the words of its age change', () => {
    const live = tile(1, T0 - 1000);
    const silent = tile(2, T0 - 40_000);
    const long = tile(3, T0 - 6 * 60_000 + 25_000);
    root = mount(
      <>
        {counted('live', <DeviceTile tile={live} reportMs={REPORT_MS} onOpen={() => undefined} />)}
        {counted('silent', <DeviceTile tile={silent} reportMs={REPORT_MS} onOpen={() => undefined} />)}
        {counted('long', <DeviceTile tile={long} reportMs={REPORT_MS} onOpen={() => undefined} />)}
      </>,
    );
    expect(ageOf(2)).toBe('40秒前');
    tick(10);
    // seconds under a minute: a render a tick; minutes: none until the minute turns
    expect(commits.get('silent')).toBe(10);
    expect(ageOf(2)).toBe('50秒前');
    expect(commits.get('long') ?? 0).toBe(0);
    expect(ageOf(3)).toBe('5分钟前');
    // the live tile goes stale once two report intervals have passed since its reading, and says so
    expect(commits.get('live') ?? 0).toBe(0);
    tick(20);
    expect(commits.get('live')).toBeGreaterThan(0);
    expect(document.querySelector('[data-device="1"]')?.getAttribute('data-stale')).toBe('true');
    expect(ageOf(1)).toBe('31秒前');
    expect(commits.get('long')).toBe(1);
    expect(ageOf(3)).toBe('6分钟前');
  });

  it('the strip renders when a count or the newest reading’s age changes, not on every tick', () => {
    const tiles = [tile(1, T0 - 1000), tile(2, T0 - 40_000)];
    const counts = { ...wallTally(tiles), stale: staleCount(tiles, T0, REPORT_MS) };
    root = mount(
      counted(
        'strip',
        <WallHeader counts={counts} reportMs={REPORT_MS} page={0} pages={1} onPrev={() => undefined} onNext={() => undefined} />,
      ),
    );
    tick(20);
    expect(commits.get('strip') ?? 0).toBe(0);
    // the newest reading (a second old at mount) goes stale past 30 s: the strip says how old it is, each second
    tick(10);
    expect(commits.get('strip')).toBeGreaterThan(0);
    commits.clear();
    tick(3);
    expect(commits.get('strip')).toBe(3);
  });
});

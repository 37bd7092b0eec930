import { describe, expect, it } from 'vitest';
import { keyValues, staleCount, tileAge, tileState, wallTally } from '../../src/app/liveDevices/tileLook';
import type { Tile } from '../../streams/deviceTiles';

const tile = (over: Partial<Tile>): Tile => ({
  deviceId: 1,
  code: 'VG1',
  name: 'd',
  projectId: 1,
  projectName: 'p',
  devicestatus: 1,
  alarmRank: 0,
  activeAlarms: 0,
  time: 1,
  values: new Map(),
  trip: null,
  ...over,
});

describe('wall tile look', () => {
  it.each([
    [{}, 'normal'],
    [{ devicestatus: 6 }, 'normal'], // unknown counts as normal (spec §4)
    [{ alarmRank: 1 }, 'warning'],
    [{ alarmRank: 2 }, 'alarm'],
    [{ alarmRank: 3 }, 'accident'],
    [{ devicestatus: 2, alarmRank: 2 }, 'offline'],
    [{ devicestatus: 3 }, 'offline'],
    [{ devicestatus: 4 }, 'offline'],
    [{ devicestatus: 5 }, 'offline'],
  ] as [Partial<Tile>, string][])('%o → %s', (over, state) => {
    expect(tileState(tile(over))).toBe(state);
  });

  it('shows residual current and the hottest phase', () => {
    expect(
      keyValues(
        tile({
          values: new Map([
            [1001, 120],
            [1101, 40],
            [1103, 71.5],
            [1104, 30],
          ]),
        }),
      ),
    ).toEqual({ leak: 120, temp: 71.5 });
    expect(keyValues(tile({}))).toEqual({ leak: null, temp: null });
  });
});

describe('wall order', () => {
  it('severest first, then by project and code (numeric), whatever order the devices came in', async () => {
    const { membership, placeOrder, wallSort } = await import('../../src/app/liveDevices/tileLook');
    const tiles = [
      tile({ deviceId: 1, projectName: 'B', code: 'VG10' }),
      tile({ deviceId: 2, projectName: 'A', code: 'VG2' }),
      tile({ deviceId: 3, projectName: 'A', code: 'VG10', alarmRank: 1 }),
      tile({ deviceId: 4, projectName: 'B', code: 'VG9', devicestatus: 2 }),
      tile({ deviceId: 5, projectName: 'B', code: 'VG1', alarmRank: 3 }),
      tile({ deviceId: 6, projectName: 'A', code: 'VG1' }),
    ];
    const place = placeOrder(tiles);
    expect(wallSort([...tiles].reverse(), place).map((t) => t.deviceId)).toEqual([5, 3, 4, 6, 2, 1]);
    const map = new Map(tiles.map((t) => [t.deviceId, t]));
    const same = new Map(map);
    same.set(2, { ...map.get(2)!, values: new Map([[1001, 5]]) });
    expect(membership(same)).toBe(membership(map));
    same.delete(2);
    expect(membership(same)).not.toBe(membership(map));
  });

  it('tells a tile’s age in the words its text shows, and -1 while its data is live', () => {
    const report = 15_000;
    const now = 10_000_000;
    expect(tileAge(tile({ time: now - 2 * report }), now, report)).toBe(-1);
    // stale past two report intervals: seconds under a minute, then whole minutes, hours
    expect(tileAge(tile({ time: now - 45_500 }), now, report)).toBe(45_000);
    expect(tileAge(tile({ time: now - 185_000 }), now, report)).toBe(180_000);
    expect(tileAge(tile({ time: now - 2 * 3600_000 - 5_000 }), now, report)).toBe(2 * 3600_000);
    // no reading yet, or out of communication with a fresh one
    expect(tileAge(tile({ time: null }), now, report)).toBe(0);
    expect(tileAge(tile({ time: now - 1000, devicestatus: 3 }), now, report)).toBe(1000);
  });

  it('counts the strip: states, devices and the newest reading apart from the stale ones, which move with the clock', () => {
    const tiles = [tile({ time: 100 }), tile({ alarmRank: 3, time: 900 }), tile({ devicestatus: 2, time: null }), tile({ time: 500 })];
    expect(wallTally(tiles)).toEqual({
      byState: { accident: 1, alarm: 0, warning: 0, offline: 1, normal: 2 },
      total: 4,
      newest: 900,
    });
    expect(staleCount(tiles, 1000, 300)).toBe(2);
    expect(staleCount(tiles, 1300, 300)).toBe(3);
  });
});

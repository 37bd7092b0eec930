import { describe, expect, it } from 'vitest';
import { keyValues, tileState } from '../../src/app/liveDevices/tileLook';
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
  values: {},
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
    expect(keyValues(tile({ values: { 1001: 120, 1101: 40, 1103: 71.5, 1104: 30 } }))).toEqual({ leak: 120, temp: 71.5 });
    expect(keyValues(tile({}))).toEqual({ leak: null, temp: null });
  });
});

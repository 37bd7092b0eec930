import { describe, expect, it } from 'vitest';
import type { Tile } from '../../streams/deviceTiles';
import { cellCount, groupTiles, paginate, type WallItem } from '../../src/features/realTime/tileGroups';

const tile = (deviceId: number, projectId: number, alarmRank = 0): Tile => ({
  deviceId,
  code: `VG${deviceId}`,
  name: `d${deviceId}`,
  projectId,
  projectName: `p${projectId}`,
  devicestatus: 1,
  alarmRank,
  activeAlarms: alarmRank ? 1 : 0,
  time: 1,
  values: new Map(),
  trip: null,
});
const shape = (pages: WallItem[][]) =>
  pages.map((p) => p.map((c) => (c.kind === 'group' ? `${c.group.name}${c.continued ? '+' : ''}` : c.tile.deviceId)).join(' '));

describe('the wall’s project groups', () => {
  // the wall's order: severest first (project 2's accident), then by place
  const sorted = [tile(21, 2, 3), tile(11, 1, 2), tile(12, 1), tile(22, 2), tile(13, 1), tile(31, 3)];

  it('groups by project in the order of each project’s severest tile, counting states', () => {
    const groups = groupTiles(sorted);
    expect(groups.map((g) => [g.name, g.tiles.map((t) => t.deviceId)])).toEqual([
      ['p2', [21, 22]],
      ['p1', [11, 12, 13]],
      ['p3', [31]],
    ]);
    expect(groups[0]!.byState).toEqual({ accident: 1, alarm: 0, warning: 0, offline: 0, normal: 1 });
    expect(groups[1]!.byState).toMatchObject({ alarm: 1, normal: 2 });
    expect(cellCount(groups)).toBe(9);
  });

  it('fits on one page with a header per group when the cells fit', () => {
    expect(shape(paginate(groupTiles(sorted), 9))).toEqual(['p2 21 22 p1 11 12 13 p3 31']);
  });

  it('repeats a group’s header on the page it runs onto, and never ends a page with a lone header', () => {
    expect(shape(paginate(groupTiles(sorted), 4))).toEqual(['p2 21 22', 'p1 11 12 13', 'p3 31']);
    expect(shape(paginate(groupTiles(sorted), 3))).toEqual(['p2 21 22', 'p1 11 12', 'p1+ 13', 'p3 31']);
    expect(shape(paginate(groupTiles(sorted), 5))).toEqual(['p2 21 22 p1 11', 'p1+ 12 13 p3 31']);
    // no room for headers: a tile a page
    expect(paginate(groupTiles(sorted), 1)).toHaveLength(6);
  });
});

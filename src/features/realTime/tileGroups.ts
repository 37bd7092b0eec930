import { ALARM_STATES } from '../../../domain/alarmLanguage';
import type { Tile } from '../../../streams/deviceTiles';
import { tileState, type TileState } from '../../app/liveDevices/tileLook';

/** A project's tiles on the wall, under a header naming the project and counting its devices by state. */
export interface TileGroup {
  projectId: number;
  name: string;
  tiles: Tile[];
  byState: Record<TileState, number>;
}

/** A cell of the wall: a group's header (again, `continued`, at the top of a page the group runs onto) or a tile. */
export type WallItem = { kind: 'group'; group: TileGroup; continued: boolean } | { kind: 'tile'; tile: Tile };

/**
 * The wall's tiles by project, in the order the wall sorts them (severest first, then by place): a
 * project comes where its severest tile would, so page one still holds the alarms, and each group keeps
 * that order inside it.
 */
export function groupTiles(sorted: readonly Tile[]): TileGroup[] {
  const groups = new Map<number, TileGroup>();
  for (const t of sorted) {
    let g = groups.get(t.projectId);
    if (!g) {
      g = {
        projectId: t.projectId,
        name: t.projectName,
        tiles: [],
        byState: Object.fromEntries(ALARM_STATES.map((s) => [s, 0])) as Record<TileState, number>,
      };
      groups.set(t.projectId, g);
    }
    g.tiles.push(t);
    g.byState[tileState(t)]++;
  }
  return [...groups.values()];
}

/** Cells the groups take on one page: a header per group and a cell per tile. */
export const cellCount = (groups: readonly TileGroup[]) => groups.reduce((n, g) => n + 1 + g.tiles.length, 0);

/**
 * The groups cut into pages of `perPage` cells. A group that runs onto the next page starts it with
 * its header again; a header never ends a page alone. With room for a single cell there is no room
 * for headers: the tiles go one a page.
 */
export function paginate(groups: readonly TileGroup[], perPage: number): WallItem[][] {
  if (perPage < 2) return groups.flatMap((g) => g.tiles.map((tile): WallItem[] => [{ kind: 'tile', tile }]));
  const pages: WallItem[][] = [];
  let page: WallItem[] = [];
  for (const group of groups) {
    let i = 0;
    while (i < group.tiles.length) {
      if (perPage - page.length < 2) {
        pages.push(page);
        page = [];
      }
      page.push({ kind: 'group', group, continued: i > 0 });
      const take = Math.min(perPage - page.length, group.tiles.length - i);
      for (const tile of group.tiles.slice(i, i + take)) page.push({ kind: 'tile', tile });
      i += take;
    }
  }
  if (page.length) pages.push(page);
  return pages;
}

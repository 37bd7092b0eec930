/**
 * The earliest window each history tier can hold, as far as this process knows, so SQLite's retention
 * walks a tier only once its cutoff has passed that floor: the walk costs a seek per series even when it
 * deletes nothing, and the minute tier (2 years) and hour tier (10 years) have nothing due for years.
 * A floor is learnt by a walk (what it left behind) and lowered by every write of the block store, the
 * only writer of the tiers; unknown (a fresh process) means walk. A write during a walk is kept apart,
 * since the walk's own answer may have been read before it.
 */
export class TierFloors<Table extends string> {
  private readonly floors = new Map<Table, number>();
  private readonly writtenDuringWalk = new Map<Table, number>();

  /** Windows starting at `start` (the earliest of a write) were written to `table`. */
  wrote(table: Table, start: number): void {
    const floor = this.floors.get(table);
    if (floor !== undefined && start < floor) this.floors.set(table, start);
    const during = this.writtenDuringWalk.get(table);
    if (during !== undefined && start < during) this.writtenDuringWalk.set(table, start);
  }

  /** True when nothing starting at or before `lastStart` can be in `table`. */
  clearThrough(table: Table, lastStart: number): boolean {
    const floor = this.floors.get(table);
    return floor !== undefined && floor > lastStart;
  }

  walkStarts(table: Table): void {
    this.writtenDuringWalk.set(table, Infinity);
  }

  /** The walk left `oldest` as the earliest window in `table` (null: the table is empty). */
  walkEnded(table: Table, oldest: number | null): void {
    const during = this.writtenDuringWalk.get(table) ?? -Infinity;
    this.writtenDuringWalk.delete(table);
    this.floors.set(table, Math.min(oldest ?? Infinity, during));
  }
}

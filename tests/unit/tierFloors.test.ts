import { describe, expect, it } from 'vitest';
import { TierFloors } from '../../server/series/tierFloors';

/** When SQLite's retention may skip walking a tier: only once a walk has told it what the tier holds. */
describe('TierFloors', () => {
  it('walks a tier it knows nothing about', () => {
    const floors = new TierFloors<'raw'>();
    floors.wrote('raw', 5_000);
    expect(floors.clearThrough('raw', 0)).toBe(false);
  });

  it('skips while the cutoff is before the earliest window the walk left, and walks once it passes it', () => {
    const floors = new TierFloors<'raw'>();
    floors.walkStarts('raw');
    floors.walkEnded('raw', 10_000);
    expect(floors.clearThrough('raw', 9_999)).toBe(true);
    expect(floors.clearThrough('raw', 10_000)).toBe(false);
  });

  it('an empty tier is clear until something is written, and a late write of an old window lowers the floor', () => {
    const floors = new TierFloors<'raw'>();
    floors.walkStarts('raw');
    floors.walkEnded('raw', null);
    expect(floors.clearThrough('raw', 1e15)).toBe(true);
    floors.wrote('raw', 20_000);
    floors.wrote('raw', 3_000);
    expect(floors.clearThrough('raw', 2_999)).toBe(true);
    expect(floors.clearThrough('raw', 3_000)).toBe(false);
  });

  it('keeps a write made while a walk ran, which the walk may have read past', () => {
    const floors = new TierFloors<'raw'>();
    floors.walkStarts('raw');
    floors.wrote('raw', 1_000);
    floors.walkEnded('raw', 50_000);
    expect(floors.clearThrough('raw', 1_000)).toBe(false);
    expect(floors.clearThrough('raw', 999)).toBe(true);
  });

  it('keeps the tiers apart', () => {
    const floors = new TierFloors<'raw' | 'minute'>();
    floors.walkStarts('raw');
    floors.walkEnded('raw', 10_000);
    expect(floors.clearThrough('minute', 0)).toBe(false);
  });
});

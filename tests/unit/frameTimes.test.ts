import { describe, expect, it } from 'vitest';
import { droppedShare, inRefreshes, REFRESH_MS } from '../../bench/frameTimes';

describe('the wall benches’ reading of frame times (bench/frameTimes.ts)', () => {
  it('a frame of one refresh reads one refresh whatever the clamp of the page clock made of it', () => {
    expect(inRefreshes([16.6, 16.7, 16.8, 16.5, 16.9])).toEqual(Array(5).fill(REFRESH_MS));
  });

  it('a skipped refresh reads two, two skipped read three; a short frame reads one', () => {
    expect(inRefreshes([33.3, 33.4, 50.1, 8])).toEqual([2 * REFRESH_MS, 2 * REFRESH_MS, 3 * REFRESH_MS, REFRESH_MS]);
  });

  it('counts as dropped only the frames past a refresh and a quarter', () => {
    expect(droppedShare([16.8, 16.6, 20.8, 21, 33.3])).toBe(40);
    expect(droppedShare([])).toBe(0);
  });
});

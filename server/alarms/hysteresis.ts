import type { Threshold } from '../../domain/telemetry';

/** 0 normal, 1 early warning, 2 alarm (or accident, per measure). */
export type Rank = 0 | 1 | 2;

export interface SeriesState {
  rank: Rank;
  /** consecutive readings seen below the release level of the current rank */
  releaseCount: number;
}

/** Readings in a row that must sit below the release level before an alarm ends (anti-flapping). */
export const DEFAULT_CLEAR_COUNT = 2;

function limitOf(t: Threshold, rank: Rank): number | null {
  return rank === 2 ? t.alarmLimit : rank === 1 ? t.warnLimit : null;
}

function rawRank(t: Threshold, value: number): Rank {
  if (t.alarmLimit !== null && value >= t.alarmLimit) return 2;
  if (t.warnLimit !== null && value >= t.warnLimit) return 1;
  return 0;
}

/** The highest rank ≤ `upTo` whose release level (limit − hysteresis) the value still reaches. */
function heldRank(t: Threshold, value: number, upTo: Rank): Rank {
  for (let r = upTo; r > 0; r--) {
    const limit = limitOf(t, r as Rank);
    if (limit !== null && value >= limit - t.hysteresis) return r as Rank;
  }
  return 0;
}

/**
 * One reading against one threshold. Crossing up takes effect at once (alarm latency matters);
 * coming down must clear the hysteresis band and stay clear for `clearCount` readings, so a value
 * flapping around a limit raises one episode, not a storm.
 */
export function step(state: SeriesState, t: Threshold | undefined, value: number, clearCount = DEFAULT_CLEAR_COUNT): SeriesState {
  if (!t || !t.enabled || t.alarmLimit === null) return { rank: 0, releaseCount: 0 };
  const up = rawRank(t, value);
  if (up > state.rank) return { rank: up, releaseCount: 0 };
  const held = heldRank(t, value, state.rank);
  if (held === state.rank) return { rank: state.rank, releaseCount: 0 };
  const count = state.releaseCount + 1;
  if (count >= clearCount) return { rank: held, releaseCount: 0 };
  return { rank: state.rank, releaseCount: count };
}

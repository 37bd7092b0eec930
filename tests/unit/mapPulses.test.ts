import { describe, expect, it } from 'vitest';
import { MAX_PULSES, withPulses, worsened } from '../../src/app/monitor/map/pulses';
import type { AlarmState } from '../../domain/schemas/monitor';

const states = (entries: [number, AlarmState][]) => new Map(entries);
const now = (entries: [number, AlarmState][]) => entries.map(([id, alarmState]) => ({ id, alarmState }));

describe('map pulses', () => {
  it('pulses a project whose state got worse, not one that got better, stayed or is new to the map', () => {
    const before = states([
      [1, 'normal'],
      [2, 'warning'],
      [3, 'accident'],
      [4, 'alarm'],
    ]);
    const after = now([
      [1, 'warning'],
      [2, 'accident'],
      [3, 'alarm'],
      [4, 'alarm'],
      [5, 'accident'],
    ]);
    expect(worsened(before, after)).toEqual([1, 2]);
    // the first figures: nothing was seen before, nothing pulses
    expect(worsened(new Map(), after)).toEqual([]);
  });

  it('keeps the newest pulses past the cap, and a project pulsing again is the newest with a new number', () => {
    let n = 0;
    const next = () => ++n;
    let pulsing = withPulses(
      new Map(),
      Array.from({ length: MAX_PULSES }, (_, i) => i + 1),
      next,
    );
    expect(pulsing.size).toBe(MAX_PULSES);
    pulsing = withPulses(pulsing, [1], next);
    expect(pulsing.get(1)).toBe(MAX_PULSES + 1);
    pulsing = withPulses(pulsing, [100], next);
    expect(pulsing.size).toBe(MAX_PULSES);
    // 2 was the oldest (1 pulsed again): it is the one dropped
    expect(pulsing.has(2)).toBe(false);
    expect([...pulsing.keys()].slice(-2)).toEqual([1, 100]);
  });
});

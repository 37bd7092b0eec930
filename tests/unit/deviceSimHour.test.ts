import { describe, expect, it } from 'vitest';
import { DeviceSim } from '../../server/simulator/deviceSim';

/** The readings of a fresh simulated device at one local time. */
const first = (hourOfDay: number | null, at: Date) => new DeviceSim(7, 'VG0007', 42, undefined, hourOfDay).readings(at.getTime());

describe('a simulated device with a fixed hour of the day', () => {
  it('reads its daily load at that hour whatever the reading time, as one without it does at that hour', () => {
    const night = new Date(2026, 0, 5, 3, 0);
    const noon = new Date(2026, 0, 5, 12, 0);
    expect(first(12, night)).toEqual(first(null, noon));
    // and the clock's hour still counts without it: night and noon differ
    expect(first(null, night)).not.toEqual(first(null, noon));
  });
});

import type { AlarmState } from '../../../../domain/schemas/monitor';

/** worst first, as the map sorts its markers */
export const SEVERITY = { accident: 0, alarm: 1, warning: 2, normal: 3 } as const;

/**
 * At most this many rings pulse at once, the newest changes: under a flood the markers' colours carry
 * the states and the bell, the popup and the sound call. While any ring pulses the compositor draws a
 * frame every vsync; with 12 or 5 at most the bell bench's two consoles spent the same on it (their
 * compositor threads 0.19 s a second, the display compositor 0.13–0.17; 0.09 and 0.08 with no ring at
 * all), against 0.48 and 0.21 with a ring for each of the 100 projects in alarm.
 */
export const MAX_PULSES = 12;

/**
 * The projects of `now` whose state got worse since `before` (into alarm, or to a worse level). A
 * project not in `before` is new to the map (its first figures, another filter): its state was there
 * before the screen showed it, so it is not a change to point at.
 */
export function worsened(before: ReadonlyMap<number, AlarmState>, now: readonly { id: number; alarmState: AlarmState }[]): number[] {
  const out: number[] = [];
  for (const p of now) {
    const was = before.get(p.id);
    if (was !== undefined && SEVERITY[p.alarmState] < SEVERITY[was]) out.push(p.id);
  }
  return out;
}

/** The pulsing projects (project → its pulse's number) with `ids` pulsing anew, the oldest dropped past the cap. */
export function withPulses(pulsing: ReadonlyMap<number, number>, ids: readonly number[], next: () => number): Map<number, number> {
  const out = new Map(pulsing);
  for (const id of ids) {
    // deleted first, so a project pulsing again is the newest
    out.delete(id);
    out.set(id, next());
  }
  for (const id of out.keys()) {
    if (out.size <= MAX_PULSES) break;
    out.delete(id);
  }
  return out;
}

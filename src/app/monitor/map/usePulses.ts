import { useCallback, useEffect, useRef, useState } from 'react';
import type { AlarmState, ProjectCoordinate } from '../../../../domain/schemas/monitor';
import { withPulses, worsened } from './pulses';

/**
 * Which projects' markers pulse: one whose state gets worse while the map is shown pulses (three
 * times, styles.css `.vg-map-pulse`) and its ring goes when the animation ends (`done`); the newest
 * MAX_PULSES at most. A ring is mounted only while it pulses, so none is left as an idle layer.
 */
export function usePulses(coordinates: readonly ProjectCoordinate[]) {
  const seen = useRef<ReadonlyMap<number, AlarmState>>(new Map());
  const count = useRef(0);
  const [pulsing, setPulsing] = useState<ReadonlyMap<number, number>>(() => new Map());
  useEffect(() => {
    const ids = worsened(seen.current, coordinates);
    seen.current = new Map(coordinates.map((c) => [c.id, c.alarmState]));
    if (ids.length) setPulsing((p) => withPulses(p, ids, () => ++count.current));
  }, [coordinates]);
  const done = useCallback(
    (id: number, pulse: number) =>
      setPulsing((p) => {
        if (p.get(id) !== pulse) return p;
        const out = new Map(p);
        out.delete(id);
        return out;
      }),
    [],
  );
  return { pulsing, done };
}

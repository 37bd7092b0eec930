import { Observable, animationFrameScheduler, map, scan, share, type SchedulerLike } from 'rxjs';
import { coalescePerFrame } from './coalesce';

export interface KeyedStateOptions<T, K, S> {
  key: (value: T) => K | null;
  reduce: (previous: S | undefined, value: T) => S;
  scheduler?: SchedulerLike;
}

/**
 * Folds a stream of updates into the latest state per key (per device, say) and emits the whole map
 * at most once a frame. One upstream subscription is shared by every view and torn down when the
 * last subscriber leaves, as Grafana's live streams do.
 */
export function keyedState<T, K, S>(source: Observable<T>, opts: KeyedStateOptions<T, K, S>): Observable<ReadonlyMap<K, S>> {
  return source.pipe(
    coalescePerFrame<T>(opts.scheduler ?? animationFrameScheduler),
    scan((state, batch) => {
      // A new Map per frame lets React views compare by reference.
      const next = new Map(state);
      for (const value of batch) {
        const k = opts.key(value);
        if (k !== null) next.set(k, opts.reduce(next.get(k), value));
      }
      return next;
    }, new Map<K, S>()),
    map((m) => m as ReadonlyMap<K, S>),
    share({ resetOnRefCountZero: true }),
  );
}

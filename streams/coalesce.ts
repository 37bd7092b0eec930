import { Observable, type OperatorFunction } from 'rxjs';
import { frameFlush, type FrameOptions } from './frameFlush';

/** What may wait for a frame at most, whatever happens (a hidden tab, a stalled main thread). */
const COALESCE_LIMIT = 5000;

export interface CoalesceOptions<T> extends FrameOptions {
  /** values with the same key replace each other while they wait: the latest wins, in arrival order */
  key?: (value: T) => unknown;
  /** at most this many values wait; beyond it the oldest are dropped (default COALESCE_LIMIT) */
  limit?: number;
}

/**
 * Collects what arrives within one animation frame and emits it as one batch, so a burst of a
 * thousand socket messages costs one render, not a thousand. While the page is hidden nothing is
 * emitted (see FrameOptions) and the wait is bounded: by key, and by `limit`.
 */
export function coalescePerFrame<T>(opts: CoalesceOptions<T> = {}): OperatorFunction<T, T[]> {
  const limit = opts.limit ?? COALESCE_LIMIT;
  return (source) =>
    new Observable<T[]>((subscriber) => {
      const waiting = new Map<unknown, T>();
      let serial = 0;
      const emit = () => {
        if (!waiting.size) return;
        const batch = [...waiting.values()];
        waiting.clear();
        subscriber.next(batch);
      };
      // The clock exists before the source is subscribed: a source that emits while being
      // subscribed (a replaying subject) finds it ready.
      const clock = frameFlush(opts, emit);
      const upstream = source.subscribe({
        next(value) {
          const k = opts.key ? opts.key(value) : serial++;
          waiting.delete(k);
          waiting.set(k, value);
          if (waiting.size > limit) waiting.delete(waiting.keys().next().value);
          clock.request();
        },
        error(err: unknown) {
          clock.unsubscribe();
          subscriber.error(err);
        },
        complete() {
          clock.unsubscribe();
          emit();
          subscriber.complete();
        },
      });
      return () => {
        upstream.unsubscribe();
        clock.unsubscribe();
        waiting.clear();
      };
    });
}

import { Observable } from 'rxjs';
import { enableMapSet, produce } from 'immer';
import { frameFlush, type FrameOptions } from './frameFlush';

enableMapSet();

export interface KeyedStateOptions<T, K, S> extends FrameOptions {
  /** which entry a value is about; null: none */
  key: (value: T) => K | null;
  /**
   * The entry after one value. Return `previous` itself when the value changes nothing (then
   * nothing is emitted), undefined when there is nothing to keep.
   */
  reduce: (previous: S | undefined, value: T) => S | undefined;
  /** a value that stands for the whole state (a REST snapshot): the entries it holds, else null */
  replaces?: (value: T) => Iterable<readonly [K, S]> | null;
}

/**
 * Folds a stream of updates into the latest state per key (per device, say) and emits the whole
 * map at most once a frame. Updates are folded as they arrive, so what waits for the next frame is
 * one entry per changed key, never a queue: in a hidden tab the wait stays as small as the state.
 * The maps are immer's: frozen, a new map only when an entry changed, untouched entries keep their
 * identity, so memoised views of them do not re-render.
 */
export function keyedState<T, K, S>(source: Observable<T>, opts: KeyedStateOptions<T, K, S>): Observable<ReadonlyMap<K, S>> {
  return new Observable<ReadonlyMap<K, S>>((subscriber) => {
    let state: ReadonlyMap<K, S> = new Map<K, S>();
    /** a replacement waiting for the next frame */
    let base: ReadonlyMap<K, S> | null = null;
    const changed = new Map<K, S | undefined>();
    const flush = () => {
      const from = base ?? state;
      const next = produce(from, (draft) => {
        // The entries are the reducer's own values, not drafts: the generic draft type adds nothing.
        const entries = draft as unknown as Map<K, S>;
        for (const [k, s] of changed) {
          if (s === undefined) entries.delete(k);
          else entries.set(k, s);
        }
      });
      base = null;
      changed.clear();
      if (next !== state) {
        state = next;
        subscriber.next(state);
      }
    };
    const clock = frameFlush(opts, flush);
    const upstream = source.subscribe({
      next(value) {
        const whole = opts.replaces?.(value);
        if (whole) {
          base = new Map(whole);
          changed.clear();
          clock.request();
          return;
        }
        const k = opts.key(value);
        if (k === null) return;
        const previous = changed.has(k) ? changed.get(k) : (base ?? state).get(k);
        const next = opts.reduce(previous, value);
        if (next === previous) return;
        changed.set(k, next);
        clock.request();
      },
      error(err: unknown) {
        clock.unsubscribe();
        subscriber.error(err);
      },
      complete() {
        clock.unsubscribe();
        flush();
        subscriber.complete();
      },
    });
    return () => {
      upstream.unsubscribe();
      clock.unsubscribe();
    };
  });
}

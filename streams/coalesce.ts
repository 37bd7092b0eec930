import { Observable, animationFrameScheduler, type SchedulerLike } from 'rxjs';

/**
 * Collects every value that arrives within one animation frame and emits them together, so a burst
 * of a thousand socket messages costs one render, not a thousand. Tests pass a virtual scheduler.
 */
export function coalescePerFrame<T>(scheduler: SchedulerLike = animationFrameScheduler) {
  return (source: Observable<T>) =>
    new Observable<T[]>((subscriber) => {
      let pending: T[] = [];
      let scheduled = false;
      const flush = () => {
        scheduled = false;
        const batch = pending;
        pending = [];
        if (batch.length) subscriber.next(batch);
      };
      const sub = source.subscribe({
        next(value) {
          pending.push(value);
          if (!scheduled) {
            scheduled = true;
            sub.add(scheduler.schedule(flush));
          }
        },
        error: (err: unknown) => subscriber.error(err),
        complete() {
          flush();
          subscriber.complete();
        },
      });
      return sub;
    });
}

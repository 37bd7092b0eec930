import { animationFrameScheduler, asyncScheduler, type Observable, type SchedulerLike, type Subscription } from 'rxjs';

/** How a stream paces its output. Every option has a browser default; tests pass virtual ones. */
export interface FrameOptions {
  /** schedules the once-a-frame flush: the animation frame in the browser */
  scheduler?: SchedulerLike;
  /**
   * true while the page is hidden. A hidden tab gets no animation frames, so nothing would be
   * painted anyway: the stream emits nothing then and keeps only the latest value per key.
   */
  hidden?: Observable<boolean>;
  /**
   * While hidden, flush every this many ms after all (the bell must still ring in a background
   * tab); without it the stream waits for the page to show.
   */
  hiddenEveryMs?: number;
  /** schedules the hidden-tab flush: a plain timer in the browser */
  hiddenScheduler?: SchedulerLike;
}

export interface FrameFlush {
  /** something is waiting: flush at the next frame (or hidden tick) */
  request(): void;
  /** stops the frame and hidden-tab timers and the hidden subscription */
  unsubscribe(): void;
}

/**
 * Calls `flush` at most once a frame after `request()`, never while the page is hidden (unless
 * `hiddenEveryMs` asks for a slower flush then), and at the first frame after it shows again if
 * anything waited. The one clock shared by coalescePerFrame and keyedState.
 */
export function frameFlush(opts: FrameOptions, flush: () => void): FrameFlush {
  const frames = opts.scheduler ?? animationFrameScheduler;
  const timers = opts.hiddenScheduler ?? asyncScheduler;
  let hidden = false;
  let waiting = false;
  // `pending` is cleared by the callback; a scheduler that runs synchronously clears it before the
  // assignment, so the subscription is only kept while the flush is really still ahead.
  let framePending = false;
  let frame: Subscription | null = null;
  let tickPending = false;
  let tick: Subscription | null = null;

  const onFrame = () => {
    framePending = false;
    frame = null;
    if (hidden) return;
    waiting = false;
    flush();
  };
  const onTick = () => {
    tickPending = false;
    tick = null;
    if (!hidden) return;
    waiting = false;
    flush();
  };
  const requestFrame = () => {
    if (framePending) return;
    framePending = true;
    const action = frames.schedule(onFrame);
    if (framePending) frame = action;
  };
  const requestTick = () => {
    if (tickPending || opts.hiddenEveryMs === undefined) return;
    tickPending = true;
    const action = timers.schedule(onTick, opts.hiddenEveryMs);
    if (tickPending) tick = action;
  };
  const cancelFrame = () => {
    frame?.unsubscribe();
    frame = null;
    framePending = false;
  };
  const cancelTick = () => {
    tick?.unsubscribe();
    tick = null;
    tickPending = false;
  };

  const visibility = opts.hidden?.subscribe((h) => {
    hidden = h;
    if (hidden) {
      cancelFrame();
      if (waiting) requestTick();
    } else {
      cancelTick();
      if (waiting) requestFrame();
    }
  });

  return {
    request() {
      waiting = true;
      if (hidden) requestTick();
      else requestFrame();
    },
    unsubscribe() {
      visibility?.unsubscribe();
      cancelFrame();
      cancelTick();
    },
  };
}

import { Observable, ReplaySubject, Subject, asyncScheduler, finalize, share, timer, type SchedulerLike } from 'rxjs';

/**
 * How long a channel outlives its last subscriber. Grafana Live's LiveDataStream waits 5 s
 * (shutdownDelayInMs) for the same reason: a view that unmounts and mounts again (a route change,
 * a kiosk turn, a dialog that remounts its parent) finds its stream still running, with its state.
 */
export const KEEP_ALIVE_MS = 5000;

export interface ChannelOptions {
  /** state channels (tiles, statuses) replay their latest value to a late subscriber; event channels must not */
  replayLatest?: boolean;
}

/**
 * One cached stream per channel name, shared by every subscriber: the first subscriber starts it,
 * later ones join it, and it is torn down KEEP_ALIVE_MS after the last one leaves (a subscriber
 * that comes back within that time rejoins the running stream).
 */
export class ChannelCache {
  private readonly channels = new Map<string, Observable<unknown>>();
  private readonly keepAliveMs: number;
  private readonly scheduler: SchedulerLike;
  /** upstreams currently running (for tests and the debug overlay) */
  running = 0;

  constructor(opts: { keepAliveMs?: number; scheduler?: SchedulerLike } = {}) {
    this.keepAliveMs = opts.keepAliveMs ?? KEEP_ALIVE_MS;
    this.scheduler = opts.scheduler ?? asyncScheduler;
  }

  /** The channel `name`, made by `create` the first time (and again after a teardown). */
  get<T>(name: string, create: () => Observable<T>, opts: ChannelOptions = {}): Observable<T> {
    const cached = this.channels.get(name);
    if (cached) return cached as Observable<T>;
    const channel = new Observable<T>((subscriber) => {
      this.running++;
      const sub = create().subscribe(subscriber);
      return () => {
        this.running--;
        sub.unsubscribe();
      };
    }).pipe(
      finalize(() => {
        if (this.channels.get(name) === channel) this.channels.delete(name);
      }),
      share<T>({
        connector: () => (opts.replayLatest ? new ReplaySubject<T>(1) : new Subject<T>()),
        resetOnError: true,
        resetOnComplete: true,
        resetOnRefCountZero: () => timer(this.keepAliveMs, this.scheduler),
      }),
    );
    this.channels.set(name, channel);
    return channel;
  }

  /** channel names cached now */
  get names(): string[] {
    return [...this.channels.keys()];
  }
}

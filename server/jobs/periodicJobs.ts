/**
 * The periodic jobs of one app (communication watch, realtime persistence, compaction, retention,
 * escalation …) and what drives them. A service only says what to run and how often; the app decides
 * on whose clock: the wall clock in a server (IntervalJobs), a clock the test moves in the test suite
 * (tests/infra/manualJobs.ts), so a job never runs between two steps of a test that did not ask for it.
 */

/** Every periodic job by name: the test clock runs them by these names, and a failing run is logged with it. */
export type JobName =
  | 'realtime.flush'
  | 'comm.watch'
  | 'devices.reload'
  | 'history.compact'
  | 'history.prune'
  | 'store.optimize'
  | 'alarms.escalate'
  | 'alarms.earlyWarning'
  | 'notify.deliver'
  | 'notify.prune'
  | 'workorders.overdue';

export interface PeriodicJob {
  name: JobName;
  periodMs: number;
  run: () => Promise<unknown>;
  /** whether this instance may run it now (the periodic-jobs holder, when several instances share a store) */
  runsHere: () => boolean;
}

export interface JobRunner {
  add(job: PeriodicJob): void;
  /** stops every job and waits for the runs under way */
  close(): Promise<void>;
}

/** The wall clock: each job every periodMs, never two runs of one job at once, skipped where it does not run. */
export class IntervalJobs implements JobRunner {
  private readonly timers: NodeJS.Timeout[] = [];
  private readonly running = new Map<JobName, Promise<unknown>>();

  constructor(private readonly onError: (name: JobName, err: unknown) => void) {}

  add(job: PeriodicJob): void {
    const timer = setInterval(() => {
      if (this.running.has(job.name) || !job.runsHere()) return;
      const run = job
        .run()
        .catch((err) => this.onError(job.name, err))
        .finally(() => this.running.delete(job.name));
      this.running.set(job.name, run);
    }, job.periodMs);
    timer.unref();
    this.timers.push(timer);
  }

  async close(): Promise<void> {
    this.timers.forEach(clearInterval);
    this.timers.length = 0;
    await Promise.all(this.running.values());
  }
}

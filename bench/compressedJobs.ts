import type { JobName, JobRunner, PeriodicJob } from '../server/jobs/periodicJobs';

/**
 * The periodic jobs of a bench app on compressed time: the bench moves its clock (days in minutes)
 * and `tick` runs every job that fell due since the last tick, once — as a busy server's interval
 * timer runs a job once however many periods it overran — in the order the app added them
 * (compaction before early warning, as in production where both are due). Each job's wall time is
 * summed by name for the bench's report.
 */
export class CompressedJobs implements JobRunner {
  private readonly jobs: { job: PeriodicJob; due: number }[] = [];
  private closed = false;
  readonly spentMs = new Map<JobName, number>();

  constructor(private readonly clock: () => number) {}

  add(job: PeriodicJob): void {
    this.jobs.push({ job, due: this.clock() + job.periodMs });
  }

  /** Runs every job due at the clock's time now, once each. */
  async tick(): Promise<void> {
    const now = this.clock();
    for (const s of this.jobs) {
      if (this.closed || s.due > now) continue;
      s.due = now + s.job.periodMs;
      if (!s.job.runsHere()) continue;
      const t0 = performance.now();
      await s.job.run();
      this.spentMs.set(s.job.name, (this.spentMs.get(s.job.name) ?? 0) + performance.now() - t0);
    }
  }

  async close(): Promise<void> {
    this.closed = true;
  }
}

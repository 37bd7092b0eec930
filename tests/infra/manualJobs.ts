import type { JobName, JobRunner, PeriodicJob } from '../../server/jobs/periodicJobs';

interface Scheduled {
  job: PeriodicJob;
  /** the next job-clock time this job is due */
  due: number;
}

/**
 * The periodic jobs of a test app, on a clock only the test moves: nothing runs on wall time, so a
 * job never lands between two steps of a test (the escalation job once read its clock before a test
 * moved it back and escalated an alarm raised after). `advance` runs what fell due, in order;
 * `run` runs one job now. The runs are kept for the failure report (tests/infra/testApps.ts).
 */
export class ManualJobs implements JobRunner {
  private readonly jobs: Scheduled[] = [];
  private closed = false;
  /** milliseconds moved since the app started */
  clock = 0;
  readonly runs: { name: JobName; clock: number; error?: string }[] = [];

  add(job: PeriodicJob): void {
    this.jobs.push({ job, due: this.clock + job.periodMs });
  }

  /** Moves the clock by `ms` and runs every job that fell due on the way, each as often as it fell due. */
  async advance(ms: number): Promise<void> {
    const target = this.clock + ms;
    for (;;) {
      const next = this.jobs.filter((s) => s.due <= target).sort((a, b) => a.due - b.due)[0];
      if (!next) break;
      this.clock = next.due;
      next.due += next.job.periodMs;
      await this.execute(next.job);
    }
    this.clock = target;
  }

  /** Runs the named job once now (where this instance runs it); throws when no such job was added. */
  async run(name: JobName): Promise<void> {
    const s = this.jobs.find((x) => x.job.name === name);
    if (!s) throw new Error(`no periodic job ${name} on this app`);
    await this.execute(s.job);
  }

  private async execute(job: PeriodicJob): Promise<void> {
    if (this.closed || !job.runsHere()) return;
    try {
      await job.run();
      this.runs.push({ name: job.name, clock: this.clock });
    } catch (err) {
      this.runs.push({ name: job.name, clock: this.clock, error: String(err) });
      throw err;
    }
  }

  async close(): Promise<void> {
    this.closed = true;
  }
}

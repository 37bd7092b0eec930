/** Shutdown must finish well inside the 2 s a supervisor waits before it kills. */
export const SHUTDOWN_DEADLINE_MS = 1800;

/**
 * A stop sent to a whole process group — systemd's default KillMode=control-group, `kill -- -PGID`, a
 * terminal's Ctrl-C — reaches the server twice under `npm start`: directly, and forwarded by npm a
 * moment later. A signal this soon after the first is that same stop, not an operator insisting.
 */
export const SECOND_SIGNAL_MARGIN_MS = 1000;

export interface ShutdownOptions {
  close: () => Promise<void>;
  exit?: (code: number) => void;
  log?: (line: string) => void;
  deadlineMs?: number;
  /** a monotonic clock in ms (tests) */
  now?: () => number;
}

/**
 * The signal handler of the server process (SIGTERM from a deploy, systemctl or a container stop;
 * SIGINT from a terminal): the first signal closes the app gracefully and exits 0; a second signal
 * more than SECOND_SIGNAL_MARGIN_MS later, or a close that overruns its deadline, exits at once with 1.
 */
export function gracefulShutdown(opts: ShutdownOptions): (signal: NodeJS.Signals) => void {
  const exit = opts.exit ?? ((code: number) => process.exit(code));
  const log = opts.log ?? ((line: string) => console.log(line));
  const deadlineMs = opts.deadlineMs ?? SHUTDOWN_DEADLINE_MS;
  const now = opts.now ?? (() => performance.now());
  let firstAt: number | null = null;
  return (signal) => {
    if (firstAt !== null) {
      if (now() - firstAt < SECOND_SIGNAL_MARGIN_MS) {
        log(`${signal} again within ${SECOND_SIGNAL_MARGIN_MS} ms (the same stop, e.g. forwarded by npm): still shutting down`);
        return;
      }
      log(`${signal} while shutting down: exiting now`);
      exit(1);
      return;
    }
    firstAt = now();
    log(`${signal}: shutting down`);
    const deadline = setTimeout(() => {
      log(`shutdown did not finish within ${deadlineMs} ms: exiting`);
      exit(1);
    }, deadlineMs);
    deadline.unref?.();
    const started = performance.now();
    opts.close().then(
      () => {
        clearTimeout(deadline);
        log(`${signal}: closed in ${Math.round(performance.now() - started)} ms`);
        exit(0);
      },
      (err: unknown) => {
        clearTimeout(deadline);
        log(`shutdown failed: ${err instanceof Error ? err.message : String(err)}`);
        exit(1);
      },
    );
  };
}

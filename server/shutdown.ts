/** Shutdown must finish well inside the 2 s a supervisor waits before it kills. */
export const SHUTDOWN_DEADLINE_MS = 1800;

export interface ShutdownOptions {
  close: () => Promise<void>;
  exit?: (code: number) => void;
  log?: (line: string) => void;
  deadlineMs?: number;
}

/**
 * The signal handler of the server process (SIGTERM from a deploy, systemctl or a container stop;
 * SIGINT from a terminal): the first signal closes the app gracefully and exits 0; a second signal,
 * or a close that overruns its deadline, exits at once with 1.
 */
export function gracefulShutdown(opts: ShutdownOptions): (signal: NodeJS.Signals) => void {
  const exit = opts.exit ?? ((code: number) => process.exit(code));
  const log = opts.log ?? ((line: string) => console.log(line));
  const deadlineMs = opts.deadlineMs ?? SHUTDOWN_DEADLINE_MS;
  let closing = false;
  return (signal) => {
    if (closing) {
      log(`${signal} while shutting down: exiting now`);
      exit(1);
      return;
    }
    closing = true;
    log(`${signal}: shutting down`);
    const deadline = setTimeout(() => {
      log(`shutdown did not finish within ${deadlineMs} ms: exiting`);
      exit(1);
    }, deadlineMs);
    deadline.unref?.();
    opts.close().then(
      () => {
        clearTimeout(deadline);
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

import { beforeEach, onTestFailed } from 'vitest';

// Vitest setup file: a failing test prints the state of the test apps still open (their job clock,
// job runs, newest domain events and alarm episodes) beside its error.
beforeEach(() => {
  onTestFailed(async ({ task }) => {
    // Imported when a test fails, not with every file: a unit test never loads the server through this
    // setup file (it cost ~3 s of imports per file, a third of the suite). A file that opened apps has
    // loaded testApps already, so this is the same module and the same registry of open apps.
    const { describeLiveApps } = await import('./testApps');
    const report = await describeLiveApps();
    if (report) console.error(`state of the open test apps when "${task.name}" failed:\n${report}`);
  });
});

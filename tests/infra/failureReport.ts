import { beforeEach, onTestFailed } from 'vitest';
import { describeLiveApps } from './testApps';

// Vitest setup file: a failing test prints the state of the test apps still open (their job clock,
// job runs, newest domain events and alarm episodes) beside its error.
beforeEach(() => {
  onTestFailed(async ({ task }) => {
    const report = await describeLiveApps();
    if (report) console.error(`state of the open test apps when "${task.name}" failed:\n${report}`);
  });
});

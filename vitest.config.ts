import { defineConfig } from 'vitest/config';

const serverTests = 'tests/server/**/*.test.ts';

export default defineConfig({
  test: {
    environment: 'node',
    testTimeout: 20_000,
    hookTimeout: 30_000,
    // 2 cores: two workers keep the suite quick without starving the scrypt thread pool.
    maxWorkers: 2,
    // a failing test prints the open test apps' job clock, domain events and alarm episodes
    setupFiles: ['tests/infra/failureReport.ts'],
    projects: [
      {
        extends: true,
        // The fuzz suite (tests/fuzz) and the startup faults (tests/startup) run once, on SQLite: they are
        // about the HTTP layer and the process, not the store. Unit files keep a module graph each (jsdom,
        // vi.mock).
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts', 'tests/unit/**/*.test.tsx', 'tests/fuzz/**/*.test.ts', 'tests/startup/**/*.test.ts'],
        },
      },
      {
        extends: true,
        // The server suite shares one module graph per worker: every file builds its own apps on stores of
        // their own, and re-importing the whole server for each of ~100 files was a third of the run.
        test: {
          name: 'sqlite',
          include: [serverTests],
          isolate: false,
        },
      },
      {
        // The same server suite on PostgreSQL: a private server for the run, a fresh database per app.
        extends: true,
        test: {
          name: 'postgres',
          // and the scale-out tests: several real instances on one PostgreSQL, Redis and MQTT broker
          include: [serverTests, 'tests/cluster/**/*.test.ts'],
          isolate: false,
          globalSetup: ['tests/infra/postgresSetup.ts'],
          env: { VG_TEST_STORE: 'postgres' },
        },
      },
    ],
  },
});

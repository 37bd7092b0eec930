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
        // about the HTTP layer and the process, not the store.
        test: {
          name: 'sqlite',
          include: [
            'tests/unit/**/*.test.ts',
            serverTests,
            'tests/unit/**/*.test.tsx',
            'tests/fuzz/**/*.test.ts',
            'tests/startup/**/*.test.ts',
          ],
        },
      },
      {
        // The same server suite on PostgreSQL: a private server for the run, a fresh database per app.
        extends: true,
        test: {
          name: 'postgres',
          // and the scale-out tests: several real instances on one PostgreSQL, Redis and MQTT broker
          include: [serverTests, 'tests/cluster/**/*.test.ts'],
          globalSetup: ['tests/infra/postgresSetup.ts'],
          env: { VG_TEST_STORE: 'postgres' },
        },
      },
    ],
  },
});

import { defineConfig } from 'vitest/config';

const serverTests = 'tests/server/**/*.test.ts';

export default defineConfig({
  test: {
    environment: 'node',
    testTimeout: 20_000,
    hookTimeout: 30_000,
    // 2 cores: two workers keep the suite quick without starving the scrypt thread pool.
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: { name: 'sqlite', include: ['tests/unit/**/*.test.ts', serverTests, 'tests/unit/**/*.test.tsx'] },
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

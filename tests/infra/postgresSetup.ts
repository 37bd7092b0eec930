import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startPostgres } from '../../scripts/localServices';
import { openStore } from '../../server/store/db';
import { MIGRATED_TEMPLATE } from './testStore';

declare module 'vitest' {
  export interface ProvidedContext {
    /** superuser URL of the run's private PostgreSQL (tests/infra/testStore.ts makes databases with it) */
    pgAdminUrl: string;
  }
}

/**
 * One private PostgreSQL for the whole run of the postgres project, stopped by its PID afterwards, and
 * in it a database migrated to the latest schema once, which each test app's database is copied from
 * (tests/infra/testStore.ts): the migrations took some 0.4 s of every app's start there.
 */
export default async function setup(project: TestProject) {
  const pg = await startPostgres({ fast: true });
  project.provide('pgAdminUrl', pg.url);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vg-template-'));
  try {
    const store = await openStore({ dataDir, databaseUrl: await pg.createDatabase(MIGRATED_TEMPLATE) });
    await store.close();
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  return async () => {
    await pg.stop();
  };
}

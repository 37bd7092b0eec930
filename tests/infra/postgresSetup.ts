import type { TestProject } from 'vitest/node';
import { startPostgres } from '../../scripts/localServices';

declare module 'vitest' {
  export interface ProvidedContext {
    /** superuser URL of the run's private PostgreSQL (tests/infra/testStore.ts makes databases with it) */
    pgAdminUrl: string;
  }
}

/** One private PostgreSQL for the whole run of the postgres project, stopped by its PID afterwards. */
export default async function setup(project: TestProject) {
  const pg = await startPostgres({ fast: true });
  project.provide('pgAdminUrl', pg.url);
  return async () => {
    await pg.stop();
  };
}

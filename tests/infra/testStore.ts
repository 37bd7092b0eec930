import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';

export interface TestDatabase {
  /** undefined: the SQLite file in the app's data dir */
  databaseUrl: string | undefined;
  drop(): Promise<void>;
}

export const testStoreName = () => (process.env.VG_TEST_STORE === 'postgres' ? 'postgres' : 'sqlite');

async function admin(statement: string): Promise<void> {
  const c = new pg.Client({ connectionString: inject('pgAdminUrl') });
  await c.connect();
  try {
    await c.query(statement);
  } finally {
    await c.end();
  }
}

/** The database tests/infra/postgresSetup.ts migrates once for the run, copied for each test app. */
export const MIGRATED_TEMPLATE = 'vg_migrated';

/**
 * The store of one test app: on the postgres project a fresh database of its own on the run's
 * private server (dropped again by drop()), otherwise nothing (SQLite in the app's data dir). The
 * database is a copy of the migrated template, as a database the app has already migrated (its first
 * start still seeds it); `empty: true` gives a database with no tables, for tests of migrating.
 */
export async function testDatabase(opts: { empty?: boolean } = {}): Promise<TestDatabase> {
  if (testStoreName() !== 'postgres') return { databaseUrl: undefined, drop: async () => undefined };
  const name = `vg_test_${randomBytes(6).toString('hex')}`;
  await admin(opts.empty ? `create database ${name}` : `create database ${name} template ${MIGRATED_TEMPLATE}`);
  const url = new URL(inject('pgAdminUrl'));
  url.pathname = `/${name}`;
  return { databaseUrl: url.toString(), drop: () => admin(`drop database if exists ${name} with (force)`) };
}

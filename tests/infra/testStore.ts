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

/**
 * The store of one test app: on the postgres project a fresh database of its own on the run's
 * private server (dropped again by drop()), otherwise nothing (SQLite in the app's data dir).
 */
export async function testDatabase(): Promise<TestDatabase> {
  if (testStoreName() !== 'postgres') return { databaseUrl: undefined, drop: async () => undefined };
  const name = `vg_test_${randomBytes(6).toString('hex')}`;
  await admin(`create database ${name}`);
  const url = new URL(inject('pgAdminUrl'));
  url.pathname = `/${name}`;
  return { databaseUrl: url.toString(), drop: () => admin(`drop database if exists ${name} with (force)`) };
}

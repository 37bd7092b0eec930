import { storeFault } from './faults';
import { errors } from '../errors';

const REFUSING = new Set([errors.STORE_FULL.code, errors.STORE_READ_ONLY.code]);

/**
 * The store is there and reads, but refuses to write: a full disk (SQLite's file or PostgreSQL's) or a
 * read-only one (a read-only mount, a PostgreSQL standby). What a login needs to persist is then kept
 * in memory instead (docs/deploy.md "Signing in while the store refuses writes"); an unreachable store
 * is not this case: nothing can be read then, so nothing can be checked.
 */
function refusesWrites(err: unknown): boolean {
  const fault = storeFault(err);
  return !!fault && REFUSING.has(fault.code);
}

/**
 * Says what was kept in memory or skipped because the store refused the write (a log line). Where
 * none is given (null: several instances, where a login kept on one would not hold on the others) a
 * refused write fails as any store fault does.
 */
export type UnwrittenLog = (what: string, err: unknown) => void;

/** Whether to go on without the write: the store refused it and refusals are kept here. */
export function keepsInstead(unwritten: UnwrittenLog | null, err: unknown): unwritten is UnwrittenLog {
  return unwritten !== null && refusesWrites(err);
}

/** The app's log line for it: a warning naming what was kept or skipped. */
export const logUnwritten =
  (log: { warn(obj: object, msg: string): void }): UnwrittenLog =>
  (what, err) =>
    log.warn({ err }, `store refuses writes: ${what}`);

import { errors, type VgError } from '../errors';

/** The database cannot be reached: refused, reset, shutting down, a connection cut, no free connection. */
const UNREACHABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ENOTFOUND',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'EPIPE',
  '57P01', // admin_shutdown: the server is stopping (a restart, a minor upgrade)
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now: starting up or shutting down
  '08000', // connection_exception
  '08001', // sqlclient_unable_to_establish_sqlconnection
  '08003', // connection_does_not_exist
  '08006', // connection_failure
  '53300', // too_many_connections
]);
/** pg's own errors for a connection lost mid-query carry no code, only these words. */
const UNREACHABLE_MESSAGE = /Connection terminated|connection error|timeout exceeded when trying to connect|Client was closed/i;

/**
 * A store failure that is no defect of ours, as the registry error clients get (503, Retry-After):
 * PostgreSQL out of reach (a restart, a failover), a full disk (SQLite's file or PostgreSQL's), a store
 * that only reads (a read-only disk, or a PostgreSQL standby after a failover). Null for anything else.
 */
export function storeFault(err: unknown): VgError | null {
  if (!(err instanceof Error)) return null;
  const code = String((err as { code?: unknown }).code ?? '');
  if (code === 'SQLITE_FULL' || code === '53100' /* disk_full */) return errors.STORE_FULL();
  if (code.startsWith('SQLITE_READONLY') || code === '25006' /* read_only_sql_transaction */) return errors.STORE_READ_ONLY();
  if (UNREACHABLE_CODES.has(code) || (!code && UNREACHABLE_MESSAGE.test(err.message))) return errors.STORE_UNREACHABLE();
  return null;
}

import fs from 'node:fs';
import path from 'node:path';

/**
 * Faults that stop the server from starting, each told in one line that names the problem and what to
 * do about it (no stack trace): an unwritable data directory, a port in use, a database file that is
 * corrupt or belongs to something else.
 */
export class StartupFault extends Error {
  constructor(readonly line: string) {
    super(line);
    this.name = 'StartupFault';
  }
}

export interface StartupContext {
  dataDir: string;
  port: number;
  host: string;
  /** where the database lives (the SQLite file, or the PostgreSQL URL without its password) */
  database?: string;
}

/** Makes sure DATA_DIR exists and takes files: creates it, writes and removes a probe file. */
export function checkDataDir(dataDir: string): void {
  try {
    fs.mkdirSync(dataDir, { recursive: true });
    const probe = path.join(dataDir, `.write-test-${process.pid}`);
    fs.writeFileSync(probe, 'ok');
    fs.rmSync(probe, { force: true });
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code ?? 'error';
    throw new StartupFault(
      `Voltguard cannot start: the data directory ${dataDir} is not writable (${code}). ` +
        'Give the server’s user write access to it, or set DATA_DIR to a writable directory.',
    );
  }
}

/** The one line for any error that ended the start. */
export function startupFaultLine(err: unknown, ctx: StartupContext): string {
  if (err instanceof StartupFault) return err.line;
  const e = err as NodeJS.ErrnoException & { code?: string };
  const code = e?.code ?? '';
  const db = ctx.database ?? path.join(ctx.dataDir, 'voltguard.sqlite');
  switch (code) {
    case 'EADDRINUSE':
      return `Voltguard cannot start: port ${ctx.port} on ${ctx.host} is already in use. Stop the program that uses it, or set PORT to a free port.`;
    case 'EADDRNOTAVAIL':
      return `Voltguard cannot start: the address ${ctx.host} is not one of this machine’s. Set HOST to an address of this machine (or 0.0.0.0).`;
    case 'EACCES':
      if (e.syscall === 'listen')
        return `Voltguard cannot start: no permission to listen on port ${ctx.port}. Use a port above 1023, or give the server the right to bind it.`;
      return `Voltguard cannot start: no permission for ${e.path ?? ctx.dataDir} (EACCES). Give the server’s user access to it, or set DATA_DIR to another directory.`;
    case 'EROFS':
    case 'EPERM':
    case 'ENOTDIR':
    case 'ENOSPC':
      return `Voltguard cannot start: the data directory ${ctx.dataDir} cannot be written (${code}). Free space or give write access, or set DATA_DIR to a writable directory.`;
    case 'SQLITE_NOTADB':
    case 'SQLITE_CORRUPT':
      return `Voltguard cannot start: ${db} is not a readable SQLite database (${code}: corrupt, or another kind of file). Move it away to start with a fresh database, or restore it from a backup.`;
    case 'SQLITE_CANTOPEN':
      return `Voltguard cannot start: ${db} cannot be opened (${code}). Check that DATA_DIR is a writable directory.`;
    case 'ECONNREFUSED':
    case 'ENOTFOUND':
      return `Voltguard cannot start: the database server in DATABASE_URL cannot be reached (${code}). Start PostgreSQL or correct DATABASE_URL.`;
    default:
      break;
  }
  // SQLITE_READONLY and its variants (…_DBMOVED, …_DIRECTORY): the file or its -wal/-shm refuse writes.
  if (code.startsWith('SQLITE_READONLY'))
    return `Voltguard cannot start: ${db} is read-only (${code}): the file, its -wal or -shm file, or the disk under it refuses writes. Give the server’s user write access to them, or set DATA_DIR to a writable directory.`;
  const message = (e?.message ?? String(err)).split('\n')[0]!.slice(0, 300);
  return `Voltguard cannot start: ${message}`;
}

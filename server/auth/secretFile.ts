import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import '../store/scaleOutSchema';
import { LOCK, lockForTransaction } from '../store/locks';

/**
 * A 256-bit server secret kept in a 0600 file of the data directory, created on first use. It never
 * leaves the server and never reaches a log.
 */
function secretFile(dataDir: string, name: string): Buffer {
  const file = path.join(dataDir, name);
  if (!fs.existsSync(file)) fs.writeFileSync(file, randomBytes(32).toString('hex') + '\n', { mode: 0o600, flag: 'wx' });
  fs.chmodSync(file, 0o600);
  return Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'hex');
}

const LOGIN_SECRET = 'login-salt';

/**
 * The secret the salts shown for unknown user names derive from: a file on SQLite; on PostgreSQL a
 * row of server_secret, so every instance of a scaled-out installation answers the same salt.
 */
export async function loginSecret(app: FastifyInstance, dataDir: string): Promise<Buffer> {
  if (app.store.dialect !== 'postgres') return secretFile(dataDir, 'login-secret');
  const read = async (q: typeof app.db) =>
    (await q.selectFrom('server_secret').select('value').where('name', '=', LOGIN_SECRET).executeTakeFirst())?.value;
  const hex =
    (await read(app.db)) ??
    (await app.db.transaction().execute(async (trx) => {
      await lockForTransaction(trx, LOCK.SECRETS);
      const existing = await read(trx);
      if (existing !== undefined) return existing;
      const value = randomBytes(32).toString('hex');
      await trx.insertInto('server_secret').values({ name: LOGIN_SECRET, value, createdAt: Date.now() }).execute();
      return value;
    }));
  return Buffer.from(hex, 'hex');
}

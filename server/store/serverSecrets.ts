import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from './schema';
import './scaleOutSchema';
import { LOCK, lockForTransaction } from './locks';

/**
 * A 256-bit server secret kept in a 0600 file of the data directory, created on first use. It never
 * leaves the server and never reaches a log.
 */
export function secretFromFile(dataDir: string, name: string): Buffer {
  const file = path.join(dataDir, name);
  if (!fs.existsSync(file)) fs.writeFileSync(file, randomBytes(32).toString('hex') + '\n', { mode: 0o600, flag: 'wx' });
  fs.chmodSync(file, 0o600);
  return Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'hex');
}

/**
 * The same kind of secret as a row of server_secret, where several instances of a scaled-out
 * installation must agree on it: created by whichever instance asks first, under the secrets lock.
 * With `create` false a missing row is null (tools that must not invent the servers' secret).
 */
export async function secretFromDatabase(db: Kysely<Database>, name: string, create = true): Promise<Buffer | null> {
  const read = async (q: Kysely<Database>) =>
    (await q.selectFrom('server_secret').select('value').where('name', '=', name).executeTakeFirst())?.value;
  let hex = await read(db);
  if (hex === undefined && create) {
    hex = await db.transaction().execute(async (trx) => {
      await lockForTransaction(trx, LOCK.SECRETS);
      const existing = await read(trx);
      if (existing !== undefined) return existing;
      const value = randomBytes(32).toString('hex');
      await trx.insertInto('server_secret').values({ name, value, createdAt: Date.now() }).execute();
      return value;
    });
  }
  return hex === undefined ? null : Buffer.from(hex, 'hex');
}

import type { Kysely } from 'kysely';
import type { Database } from '../store/schema';
import { hashPassword } from '../auth/passwords';
import { passwordDigest } from '../../domain/digest';
import { USER_TYPE } from '../../domain/enums';
import { generatePassword, writeCredentialsFile } from './credentials';
import { DEMO_USERS, seedDemo } from './demo';
import { LOCK, lockForTransaction, syncIdentity } from '../store/locks';

export interface BootstrapOptions {
  dataDir: string;
  rootPassword?: string | undefined;
  demoPassword?: string | undefined;
  demo: boolean;
}

export interface BootstrapResult {
  created: boolean;
  /** plain passwords chosen at this first start; empty on later starts */
  logins: { name: string; password: string; note: string; generated: boolean }[];
  credentialsFile?: string;
  /** how long creating them took (a restart does not do it again) */
  createdInMs?: number;
}

/**
 * First start only: the platform tenant, root (id 1) and, with demo on, the demo ledger and users.
 * No well-known password exists: each comes from the environment or is generated, printed once and
 * written to a 0600 file in the data dir.
 */
export async function bootstrap(db: Kysely<Database>, opts: BootstrapOptions): Promise<BootstrapResult> {
  const existing = await db.selectFrom('app_user').select('id').limit(1).executeTakeFirst();
  if (existing) return { created: false, logins: [] };
  const started = performance.now();

  const logins: BootstrapResult['logins'] = [];
  const pick = (name: string, fromEnv: string | undefined, note: string) => {
    const password = fromEnv || generatePassword();
    logins.push({ name, password, note, generated: !fromEnv });
    return password;
  };
  const rootPlain = pick('root', opts.rootPassword, 'root（超级管理员）');
  const demoPlain = new Map<string, string>();
  if (opts.demo) for (const u of DEMO_USERS) demoPlain.set(u.name, pick(u.name, opts.demoPassword, u.note));

  const hashes = new Map<string, string>();
  hashes.set('root', await hashPassword(await passwordDigest(rootPlain)));
  for (const [name, plain] of demoPlain) hashes.set(name, await hashPassword(await passwordDigest(plain)));

  const now = Date.now();
  const created = await db.transaction().execute(async (trx) => {
    // Instances started together on one PostgreSQL: the first seeds, the others find it done.
    await lockForTransaction(trx, LOCK.BOOTSTRAP);
    if (await trx.selectFrom('app_user').select('id').limit(1).executeTakeFirst()) return false;
    await trx.insertInto('tenant').values({ id: 1, name: '平台', customConfig: null, createdAt: now }).execute();
    await trx
      .insertInto('app_user')
      .values({
        id: 1,
        name: 'root',
        nicName: 'root',
        tenantId: 1,
        customConfig: JSON.stringify({ usertype: USER_TYPE.PLATFORM }),
        passwordHash: hashes.get('root')!,
        email: null,
        mobilePhone: null,
        createdAt: now,
        updatedAt: now,
      })
      .execute();
    await syncIdentity(trx, 'tenant');
    await syncIdentity(trx, 'app_user');
    if (opts.demo) await seedDemo(trx, { passwordHashes: hashes, now });
    return true;
  });
  if (!created) return { created: false, logins: [] };

  const result: BootstrapResult = { created: true, logins };
  if (logins.some((l) => l.generated)) result.credentialsFile = writeCredentialsFile(opts.dataDir, logins);
  result.createdInMs = Math.round(performance.now() - started);
  return result;
}

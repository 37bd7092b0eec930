import type { Kysely } from 'kysely';
import type { Database } from '../store/schema';
import { errors } from '../errors';
import { tx } from '../text/text';

/**
 * A device code names one device: taken by another device than `id` is a conflict, checked before the
 * write (the ledger's node form and the model write both write terminals).
 */
export async function requireFreeDeviceCode(db: Kysely<Database>, code: unknown, id: number | undefined): Promise<void> {
  const dup = await db
    .selectFrom('terminal')
    .select('id')
    .where('code', '=', code as string)
    .executeTakeFirst();
  if (dup && dup.id !== id) throw errors.CONFLICT(tx(`设备编号 ${String(code)} 已存在`, `The device code ${String(code)} is taken`));
}

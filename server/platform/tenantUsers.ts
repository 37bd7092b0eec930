import type { Kysely } from 'kysely';
import { ROOT_USER_ID } from '../../domain/enums';
import type { Database } from '../store/schema';

/** The ids of a tenant's users, root excepted (root stays whatever happens to its tenant). */
export const tenantUserIds = (trx: Kysely<Database>, tenantId: number) =>
  trx.selectFrom('app_user').select('id').where('tenantId', '=', tenantId).where('id', '!=', ROOT_USER_ID);

/** Logs a tenant's users out at once (suspended or removed): their open tokens end, in the caller's transaction. */
export async function endTenantTokens(trx: Kysely<Database>, tenantId: number): Promise<void> {
  await trx
    .updateTable('auth_token')
    .set({ revokedAt: Date.now() })
    .where('userId', 'in', tenantUserIds(trx, tenantId))
    .where('revokedAt', 'is', null)
    .execute();
}

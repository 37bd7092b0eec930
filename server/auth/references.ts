import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../store/schema';
import { errors } from '../errors';
import { NOUN, nounWithId } from '../text/text';
import { mayAccessTenant, type Session } from './access';

type Db = Kysely<Database> | Transaction<Database>;

/**
 * A tenant a request names must be one the caller may reach (4031 otherwise, so other tenants' ids
 * are not confirmed) and must exist (404).
 */
export async function requireTenantRef(db: Db, session: Session, tenantId: number): Promise<void> {
  if (!mayAccessTenant(session, tenantId)) throw errors.TENANT_DENIED();
  const row = await db.selectFrom('tenant').select('id').where('id', '=', tenantId).executeTakeFirst();
  if (!row) throw errors.NOT_FOUND(nounWithId(NOUN.tenant, tenantId));
}

/** The tenant a write names, or the caller's own when it names none, checked as requireTenantRef checks it. */
export async function namedTenant(db: Db, session: Session, named: number | null | undefined): Promise<number> {
  const tenantId = named ?? session.tenantId;
  await requireTenantRef(db, session, tenantId);
  return tenantId;
}

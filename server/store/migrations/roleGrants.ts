import type { Kysely } from 'kysely';

/**
 * Adds the operation permissions `ids` to every role that holds event confirmation (`confirmId`, as a
 * page node or an operation), on the role rows as they stand when the migration runs. Migrations 015
 * and 019 granted their new permissions (派单/处置/审核, 交接班) this way; their ids are fixed there.
 */
export async function grantToConfirmingRoles(db: Kysely<any>, confirmId: number, ids: readonly number[]): Promise<void> {
  const roles = (await db.selectFrom('role').select(['id', 'pageNodes', 'auths']).execute()) as {
    id: number;
    pageNodes: string;
    auths: string;
  }[];
  for (const r of roles) {
    const auths = parseIds(r.auths);
    if (!parseIds(r.pageNodes).includes(confirmId) && !auths.includes(confirmId)) continue;
    const next = [...new Set([...auths, ...ids])].sort((a, b) => a - b);
    await db
      .updateTable('role')
      .set({ auths: JSON.stringify(next) })
      .where('id', '=', r.id)
      .execute();
  }
}

/** A stored id list: plain ids or {id} objects (a role's pageNodes); unreadable text is none. */
function parseIds(text: string): number[] {
  try {
    const v = JSON.parse(text) as unknown;
    return Array.isArray(v) ? v.map((x) => (typeof x === 'object' && x !== null ? Number((x as { id: unknown }).id) : Number(x))) : [];
  } catch {
    return [];
  }
}

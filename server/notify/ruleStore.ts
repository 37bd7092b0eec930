import type { Kysely } from 'kysely';
import type { QuietHours, RuleDto } from '../../domain/schemas/notify';
import type { Database } from '../store/schema';
import type { RuleRow } from '../store/notifyTables';
import '../store/notifyTables';

const list = (text: string | null): number[] | null => (text === null ? null : (JSON.parse(text) as number[]));

export const ruleDto = (row: RuleRow): RuleDto => ({
  id: row.id,
  tenantId: row.tenantId,
  name: row.name,
  projectIds: list(row.projectIds),
  levels: list(row.levels) ?? [],
  types: list(row.types),
  channelIds: list(row.channelIds) ?? [],
  userIds: list(row.userIds) ?? [],
  sendEnd: !!row.sendEnd,
  quietHours: row.quietHours ? (JSON.parse(row.quietHours) as QuietHours) : null,
  enabled: !!row.enabled,
  createdAt: Number(row.createdAt),
  updatedAt: Number(row.updatedAt),
});

/** A rule's stored columns from its DTO fields. */
export const ruleColumns = (r: Omit<RuleDto, 'id' | 'tenantId' | 'createdAt' | 'updatedAt'>) => ({
  name: r.name,
  projectIds: r.projectIds === null ? null : JSON.stringify(r.projectIds),
  levels: JSON.stringify(r.levels),
  types: r.types === null ? null : JSON.stringify(r.types),
  channelIds: JSON.stringify(r.channelIds),
  userIds: JSON.stringify(r.userIds),
  sendEnd: r.sendEnd ? 1 : 0,
  quietHours: r.quietHours ? JSON.stringify(r.quietHours) : null,
  enabled: r.enabled ? 1 : 0,
});

export async function loadRule(db: Kysely<Database>, id: number): Promise<RuleDto | undefined> {
  const row = await db.selectFrom('notify_rule').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? ruleDto(row) : undefined;
}

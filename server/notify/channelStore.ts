import type { Kysely } from 'kysely';
import type { ChannelDto, ChannelKind } from '../../domain/schemas/notify';
import type { Database } from '../store/schema';
import type { ChannelConfig } from './channelConfig';
import { hasSecret, maskConfig, ratePerMinuteOf } from './channelConfig';
import type { ChannelRow } from '../store/notifyTables';
import '../store/notifyTables';

/** A stored channel with its config read (secrets included: for senders, never for answers). */
export interface Channel {
  id: number;
  tenantId: number;
  name: string;
  kind: ChannelKind;
  enabled: boolean;
  config: ChannelConfig;
  createdAt: number;
  updatedAt: number;
}

const channelOf = (row: ChannelRow): Channel => ({
  id: row.id,
  tenantId: row.tenantId,
  name: row.name,
  kind: row.kind as ChannelKind,
  enabled: !!row.enabled,
  config: JSON.parse(row.config) as ChannelConfig,
  createdAt: Number(row.createdAt),
  updatedAt: Number(row.updatedAt),
});

/** The channel as answers show it: secrets masked. */
export const channelDto = (c: Channel): ChannelDto => ({
  id: c.id,
  tenantId: c.tenantId,
  name: c.name,
  kind: c.kind,
  enabled: c.enabled,
  config: maskConfig(c.kind, c.config),
  hasSecret: hasSecret(c.kind, c.config),
  ratePerMinute: ratePerMinuteOf(c.kind, c.config),
  createdAt: c.createdAt,
  updatedAt: c.updatedAt,
});

export async function loadChannel(db: Kysely<Database>, id: number): Promise<Channel | undefined> {
  const row = await db.selectFrom('notify_channel').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? channelOf(row) : undefined;
}

export async function tenantChannels(db: Kysely<Database>, tenantIds: readonly number[] | 'all'): Promise<Channel[]> {
  let q = db.selectFrom('notify_channel').selectAll().orderBy('id');
  if (tenantIds !== 'all') q = q.where('tenantId', 'in', tenantIds.length ? tenantIds : [-1]);
  return (await q.execute()).map(channelOf);
}

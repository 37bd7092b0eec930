import type { Kysely } from 'kysely';
import type { RuleDto } from '../../domain/schemas/notify';
import { floodPolicyOf, type FloodPolicy } from '../../domain/floodGroups';
import type { Database } from '../store/schema';
import { effectiveSettings } from '../settings/effective';
import type { Channel } from './channelStore';
import { tenantChannels } from './channelStore';
import { ruleDto } from './ruleStore';
import '../store/notifyTables';

/** A user a rule or an escalation sends to, with the contact fields that pick the channels. */
export interface Contact {
  id: number;
  name: string;
  email: string | null;
  phone: string | null;
  wecomId: string | null;
  dingtalkId: string | null;
  lang: 'zh' | 'en';
}

/** What the outbox needs of a tenant to turn an alarm into deliveries, without reading the store. */
export interface TenantNotify {
  rules: RuleDto[];
  channels: Map<number, Channel>;
  contacts: Map<number, Contact>;
  /** users by role: the escalation role's users are sent the escalation */
  roleUsers: Map<number, number[]>;
  zone: string;
  flood: FloodPolicy;
}

const contactLang = (language: string | null): 'zh' | 'en' => (language && language.toLowerCase().startsWith('en') ? 'en' : 'zh');

async function load(db: Kysely<Database>, tenantId: number): Promise<TenantNotify> {
  const [rules, channels, users, roles, settings] = await Promise.all([
    db.selectFrom('notify_rule').selectAll().where('tenantId', '=', tenantId).orderBy('id').execute(),
    tenantChannels(db, [tenantId]),
    db
      .selectFrom('app_user')
      .select(['id', 'name', 'email', 'mobilePhone', 'wecomId', 'dingtalkId', 'language', 'disabled'])
      .where('tenantId', '=', tenantId)
      .execute(),
    db
      .selectFrom('user_role')
      .innerJoin('role', 'role.id', 'user_role.roleId')
      .select(['user_role.userId', 'user_role.roleId'])
      .where('role.tenantId', '=', tenantId)
      .execute(),
    effectiveSettings(db, tenantId),
  ]);
  const roleUsers = new Map<number, number[]>();
  for (const r of roles) roleUsers.set(r.roleId, [...(roleUsers.get(r.roleId) ?? []), r.userId]);
  return {
    rules: rules.map(ruleDto).filter((r) => r.enabled),
    channels: new Map(channels.filter((c) => c.enabled).map((c) => [c.id, c])),
    contacts: new Map(
      users
        .filter((u) => !u.disabled)
        .map((u) => [
          u.id,
          {
            id: u.id,
            name: u.name,
            email: u.email || null,
            phone: u.mobilePhone || null,
            wecomId: u.wecomId || null,
            dingtalkId: u.dingtalkId || null,
            lang: contactLang(u.language),
          },
        ]),
    ),
    roleUsers,
    zone: settings.timeZone,
    flood: floodPolicyOf(settings),
  };
}

/**
 * Rules, channels, contacts and settings per tenant, kept in memory so the outbox adds next to nothing
 * to an ingest transaction. Dropped when a write that changes them is logged (on any instance: the
 * domain events reach every instance), and read again on next use.
 */
interface Entry {
  promise: Promise<TenantNotify>;
  ready: boolean;
}

export class NotifyDirectory {
  private readonly tenants = new Map<number, Entry>();

  constructor(private readonly db: Kysely<Database>) {}

  /**
   * `executor`: the transaction the caller is in. On SQLite the one connection belongs to it until
   * commit, so it must neither read outside it nor wait for a read started outside it (the worker's):
   * either would wait for ever. It reads for itself then.
   */
  get(tenantId: number, executor: Kysely<Database> = this.db): Promise<TenantNotify> {
    const hit = this.tenants.get(tenantId);
    if (hit && (hit.ready || executor === this.db)) return hit.promise;
    const entry: Entry = { promise: load(executor, tenantId), ready: false };
    this.tenants.set(tenantId, entry);
    entry.promise.then(
      () => (entry.ready = true),
      // a failed read is not kept: the next alarm tries again
      () => this.tenants.get(tenantId) === entry && this.tenants.delete(tenantId),
    );
    return entry.promise;
  }

  invalidate(tenantId: number | null): void {
    if (tenantId === null) this.tenants.clear();
    else this.tenants.delete(tenantId);
  }
}

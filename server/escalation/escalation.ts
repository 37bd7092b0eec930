import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { EVENT_CONFIRM, EVENT_LEVEL } from '../../domain/enums';
import {
  ESCALATION_HORIZON_MS,
  ESCALATION_LIST_LIMIT,
  escalationSeconds,
  type EscalatedPayload,
  type EscalationDto,
} from '../../domain/escalation';
import type { SystemSettings } from '../../domain/schemas/info';
import { DEFAULT_SYSTEM_SETTINGS } from '../../domain/schemas/info';
import { transact } from '../eventLog/transact';
import { savedSettings } from '../settings/effective';
import { PLATFORM_TENANT_ID } from '../../domain/tenancy';
import { mayseeProject, projectIdsFilter, visibleProjects, type ProjectScope } from '../access/scope';
import { noticeFields } from '../alarms/notice';
import { EVENT_NAME_COLUMNS } from '../alarms/eventNames';

const LEVELS = [EVENT_LEVEL.ACCIDENT, EVENT_LEVEL.ALARM, EVENT_LEVEL.EARLY_WARNING] as const;
/** events escalated per check and per (level, time) group: a backlog drains over a few checks */
const BATCH = 200;
/** events one transaction escalates (a commit each was most of the cost of a flood's escalation) */
const ESCALATIONS_PER_TX = 50;

/** An event due, with the role its tenant escalates to and that role's users who may see its project. */
interface Planned {
  row: {
    id: number;
    eventtime: number;
    peceventlevel: number;
    customtype: number;
    description: string;
    deviceid: number;
    projectid: number;
    tenantid: number;
  };
  role: { id: number; name: string } | undefined;
  recipients: { id: number; name: string }[];
}

export interface EscalationOptions {
  now: () => number;
}

/**
 * The escalation job (issue 19). Each check finds, from the stored events alone, the unconfirmed alarms
 * whose level's time (系统配置, per tenant) has passed and that have not escalated yet, and escalates
 * each in one transaction: it stamps `escalatedat` (only while the event is still unconfirmed and not
 * escalated, so a confirmation or another instance in between wins) and writes an `alarm.escalated`
 * domain event, which is the operation-log line and, pushed to the project's rooms, the banner on
 * every console. The users of the chosen role are each sent an `alarm.escalation_notified` message.
 * Nothing lives only in memory: after a restart the next check picks up where the last one stopped.
 */
export class EscalationJob {
  constructor(
    private readonly app: FastifyInstance,
    private readonly opts: EscalationOptions,
  ) {}

  /** Escalates what is due; returns the ids escalated. */
  async check(): Promise<number[]> {
    const now = this.opts.now();
    const groups = await this.dueGroups();
    const done: number[] = [];
    // looked up once per check: a flood left unconfirmed escalates hundreds of events of a few projects at once
    const roles = new Map<number, { id: number; name: string } | undefined>();
    const recipients = new Map<string, { id: number; name: string }[]>();
    for (const [key, tenants] of groups) {
      const [level, seconds] = key.split(':').map(Number) as [number, number];
      const rows = await this.app.db
        .selectFrom('peceventextend')
        .select(['id', 'eventtime', 'peceventlevel', 'customtype', 'description', 'deviceid', 'projectid', 'tenantid'])
        .where('confirmeventstatus', '=', EVENT_CONFIRM.UNCONFIRM)
        .where('peceventlevel', '=', level)
        .where('eventtime', '<=', now - seconds * 1000)
        .where('eventtime', '>=', now - ESCALATION_HORIZON_MS)
        .where('escalatedat', 'is', null)
        .where(
          'tenantid',
          'in',
          tenants.map((t) => t.tenantId),
        )
        .orderBy('eventtime')
        .limit(BATCH)
        .execute();
      const byTenant = new Map(tenants.map((t) => [t.tenantId, t.settings]));
      const planned: Planned[] = [];
      for (const row of rows) {
        const roleId = byTenant.get(row.tenantid)!.escalateRoleId;
        if (roleId && !roles.has(roleId))
          roles.set(roleId, await this.app.db.selectFrom('role').select(['id', 'name']).where('id', '=', roleId).executeTakeFirst());
        const role = roleId ? roles.get(roleId) : undefined;
        const to = `${role?.id ?? 0}:${row.projectid}`;
        if (role && !recipients.has(to)) recipients.set(to, await this.recipients(role.id, row.projectid));
        planned.push({ row, role, recipients: recipients.get(to) ?? [] });
      }
      for (let i = 0; i < planned.length; i += ESCALATIONS_PER_TX)
        done.push(...(await this.escalate(planned.slice(i, i + ESCALATIONS_PER_TX), seconds, now)));
    }
    return done;
  }

  /**
   * Tenants grouped by (level, seconds) of their settings in force: one indexed query per group. A
   * tenant without its own settings uses the platform's, else the defaults (as everywhere).
   */
  private async dueGroups(): Promise<Map<string, { tenantId: number; settings: SystemSettings }[]>> {
    const tenants = await this.app.db.selectFrom('tenant').select('id').execute();
    const platform = (await savedSettings(this.app.db, PLATFORM_TENANT_ID))?.settings ?? DEFAULT_SYSTEM_SETTINGS;
    const groups = new Map<string, { tenantId: number; settings: SystemSettings }[]>();
    for (const { id } of tenants) {
      const settings = (await savedSettings(this.app.db, id))?.settings ?? platform;
      for (const level of LEVELS) {
        const seconds = escalationSeconds(settings, level);
        if (seconds <= 0) continue;
        const key = `${level}:${seconds}`;
        const list = groups.get(key);
        if (list) list.push({ tenantId: id, settings });
        else groups.set(key, [{ tenantId: id, settings }]);
      }
    }
    return groups;
  }

  /**
   * Escalates the events in one transaction (a commit for up to ESCALATIONS_PER_TX, not one each); answers
   * the ids it stamped: an event confirmed or escalated by another instance meanwhile is left alone.
   */
  private async escalate(planned: readonly Planned[], seconds: number, now: number): Promise<number[]> {
    const fields = new Map<number, ReturnType<typeof noticeFields> | null>();
    for (const { row } of planned) {
      const device = await this.app.telemetry.devices.get(row.deviceid);
      fields.set(row.id, device ? noticeFields(device) : null);
    }
    return transact(this.app, async (trx, emit) => {
      const stamped: number[] = [];
      for (const { row, role, recipients } of planned) {
        const done = await trx
          .updateTable('peceventextend')
          .set({ escalatedat: now })
          .where('id', '=', row.id)
          .where('confirmeventstatus', '=', EVENT_CONFIRM.UNCONFIRM)
          .where('escalatedat', 'is', null)
          .executeTakeFirst();
        if (Number(done.numUpdatedRows) !== 1) continue;
        stamped.push(row.id);
        const payload: EscalatedPayload = {
          ...(fields.get(row.id) ?? { deviceId: row.deviceid, deviceName: null, deviceCode: null, projectName: null, contactInfo: null }),
          eventId: row.id,
          peceventlevel: row.peceventlevel,
          customtype: row.customtype,
          eventtime: Number(row.eventtime),
          escalatedAt: now,
          limitSeconds: seconds,
          description: row.description,
          roleId: role?.id ?? 0,
          roleName: role?.name ?? null,
          notified: recipients.length,
          value: row.description,
        };
        const base = { tenantId: row.tenantid, subject: `peceventextend:${row.id}` };
        emit({ ...base, kind: 'alarm.escalated', projectId: row.projectid, payload });
        // One message per user: the message centre of each shows it, and a console of theirs open now
        // hears it at once (server/messages/hub.ts sends it to the user's room only).
        for (const u of recipients)
          emit({
            tenantId: row.tenantid,
            subject: `user:${u.id}`,
            kind: 'alarm.escalation_notified',
            projectId: null,
            payload: { ...payload, userId: u.id, userName: u.name },
          });
      }
      return stamped;
    });
  }

  /** Active users holding the role who may see the project. */
  private async recipients(roleId: number, projectId: number): Promise<{ id: number; name: string }[]> {
    const users = await this.app.db
      .selectFrom('user_role')
      .innerJoin('app_user', 'app_user.id', 'user_role.userId')
      .select(['app_user.id', 'app_user.name'])
      .where('user_role.roleId', '=', roleId)
      .where('app_user.disabled', '=', 0)
      .orderBy('app_user.id')
      .execute();
    const out: { id: number; name: string }[] = [];
    for (const u of users) {
      const session = await this.app.sessions.get(u.id);
      if (session && mayseeProject(await visibleProjects(this.app, session), projectId)) out.push(u);
    }
    return out;
  }
}

/** The escalated events still unconfirmed within a scope, newest escalation first (the consoles' banner). */
export async function activeEscalations(
  app: FastifyInstance,
  scope: ProjectScope,
  limit = ESCALATION_LIST_LIMIT,
): Promise<EscalationDto[]> {
  const ids = projectIdsFilter(scope);
  let q = app.db
    .selectFrom('peceventextend')
    .leftJoin('terminal', 'terminal.id', 'peceventextend.deviceid')
    .leftJoin('project', 'project.id', 'peceventextend.projectid')
    .selectAll('peceventextend')
    .select(EVENT_NAME_COLUMNS)
    .where('peceventextend.escalatedat', 'is not', null)
    .where('peceventextend.confirmeventstatus', '=', EVENT_CONFIRM.UNCONFIRM);
  if (ids) q = q.where(sql<boolean>`peceventextend.projectid in (${sql.join(ids)})`);
  const rows = await q.orderBy('peceventextend.escalatedat', 'desc').orderBy('peceventextend.id', 'desc').limit(limit).execute();
  return rows.map((r) => ({
    eventId: r.id,
    projectId: r.projectid,
    projectName: r.projectName,
    deviceId: r.deviceid,
    deviceName: r.deviceName,
    deviceCode: r.deviceCode,
    level: r.peceventlevel,
    customtype: r.customtype,
    eventtime: Number(r.eventtime),
    escalatedAt: Number(r.escalatedat),
    description: r.description,
  }));
}

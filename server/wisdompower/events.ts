import type { FastifyInstance } from 'fastify';
import { EVENT_CONFIRM } from '../../domain/enums';
import { eventListBody, eventSaveBody, eventScopeQuery } from '../../domain/telemetry';
import { errors } from '../errors';
import { ok } from '../http/envelope';
import { parseOr400 } from '../http/validate';
import { sessionOf } from '../auth/session';
import { requirePermission } from '../auth/access';
import { transact } from '../events/transact';
import { mayseeProject, visibleProjects } from '../telemetry/visibility';
import { eventBatches, eventQuery, eventRows, ordered } from './eventQuery';
import { streamEventsXlsx } from './eventExport';

/** Streamed (see eventExport.ts), so the cap is about the spreadsheet's use, not server memory. */
export const MAX_EXPORT_ROWS = 100_000;

/** Alarm events (spec §7 Events): list, confirm / remark, export. */
export async function eventRoutes(app: FastifyInstance) {
  app.post('/event/list', async (request) => {
    const session = sessionOf(request);
    requirePermission(session, 'event_browser');
    const body = parseOr400(eventListBody, request.body ?? {});
    const scope = parseOr400(eventScopeQuery, request.query);
    const q = await eventQuery(app, session, body, scope);
    const page = body.rootCondition?.page ?? { index: 0, limit: 100 };
    const { n } = await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const data = await eventRows(ordered(q, body), page.limit, page.index * page.limit);
    return ok(data, { total: Number(n) });
  });

  // Operator and time come from the session and the server clock, never from the body.
  app.post('/event/save', async (request) => {
    const session = sessionOf(request);
    const items = parseOr400(eventSaveBody, request.body);
    if (items.some((i) => i.confirmeventstatus !== undefined)) requirePermission(session, 'event_confirm');
    if (items.some((i) => i.remark !== undefined)) requirePermission(session, 'event_update');
    if (items.some((i) => i.confirmeventstatus === undefined && i.remark === undefined))
      throw errors.BAD_REQUEST('每项须含 confirmeventstatus 或 remark');
    const scope = await visibleProjects(app, session);
    const now = Date.now();
    const updated = await transact(app, async (trx, emit) => {
      let n = 0;
      for (const item of items) {
        const ev = await trx.selectFrom('peceventextend').selectAll().where('id', '=', item.id).executeTakeFirst();
        if (!ev) throw errors.NOT_FOUND(`事件 ${item.id} `);
        if (!mayseeProject(scope, ev.projectid)) throw errors.TENANT_DENIED();
        const set: { updatetime: number; operator: string; confirmeventstatus?: number; remark?: string } = {
          updatetime: now,
          operator: session.userName,
        };
        if (item.confirmeventstatus !== undefined) set.confirmeventstatus = EVENT_CONFIRM.CONFIRM;
        if (item.remark !== undefined) set.remark = item.remark;
        await trx.updateTable('peceventextend').set(set).where('id', '=', ev.id).execute();
        n++;
        const base = {
          actorId: session.userId,
          actorName: session.userName,
          tenantId: ev.tenantid,
          projectId: ev.projectid,
          subject: `peceventextend:${ev.id}`,
        };
        const device = app.telemetry.devices.getSync(ev.deviceid);
        const fields = device
          ? {
              deviceId: device.id,
              deviceName: device.name,
              deviceCode: device.code,
              projectName: device.projectName,
              contactInfo: device.contactphone,
            }
          : { deviceId: ev.deviceid };
        if (item.confirmeventstatus !== undefined)
          emit({
            ...base,
            kind: 'alarm.confirmed',
            payload: { ...fields, eventId: ev.id, operator: session.userName, updatetime: now, value: ev.description },
          });
        if (item.remark !== undefined)
          emit({
            ...base,
            kind: 'alarm.remarked',
            payload: { ...fields, eventId: ev.id, operator: session.userName, remark: item.remark, value: item.remark },
          });
      }
      return n;
    });
    return ok({ updated }, { msg: '保存成功!' });
  });

  app.post('/event/export/list', async (request, reply) => {
    const session = sessionOf(request);
    requirePermission(session, 'event_browser');
    const body = parseOr400(eventListBody, request.body ?? {});
    const scope = parseOr400(eventScopeQuery, request.query);
    return streamEventsXlsx(reply, eventBatches(await eventQuery(app, session, body, scope), body, MAX_EXPORT_ROWS));
  });
}

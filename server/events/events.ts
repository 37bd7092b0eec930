import type { FastifyInstance } from 'fastify';
import { EVENT_CONFIRM } from '../../domain/enums';
import { eventListBody, eventSaveBody, eventScopeQuery } from '../../domain/telemetry';
import { errors } from '../errors';
import { ok } from '../http/envelope';
import { guarded } from '../http/routeOptions';
import { NOUN, nounWithId, tx } from '../text/text';
import { orEmpty } from '../http/wire';
import { requirePermission } from '../auth/access';
import { transact } from '../eventLog/transact';
import { mayseeProject, visibleProjects } from '../access/scope';
import { eventBatches, eventQuery } from './eventQuery';
import { eventPage } from './eventPage';
import { EventCounter } from './eventCount';
import { primed, streamEventsXlsx } from './eventExport';
import { timeZoneOf } from '../settings/effective';
import { languageOf } from '../text/language';
import { aboutEpisode, actedBy } from '../eventLog/eventLog';
import { signedIn } from '../access/signedIn';

/** Streamed (see eventExport.ts), so the cap is about the spreadsheet's use, not server memory. */
const MAX_EXPORT_ROWS = 100_000;

/** Alarm events (spec §7 Events): list, confirm / remark, export. */
export async function eventRoutes(app: FastifyInstance) {
  const route = signedIn(app);
  const listSchema = { body: orEmpty(eventListBody), querystring: eventScopeQuery };
  const counter = new EventCounter(app);
  route.post('/event/list', { schema: listSchema, config: guarded('events', 'event_browser') }, async ({ session, body, query: scope }) => {
    const q = await eventQuery(app, session, body, scope);
    const page = body.rootCondition?.page ?? { index: 0, limit: 100 };
    const total = await counter.count(q);
    const { rows, cursor } = await eventPage(q, body, page);
    return ok(rows, { total, cursor });
  });

  // Operator and time come from the session and the server clock, never from the body. A full row
  // (as listed) is accepted: only confirmeventstatus and remark say what changes.
  route.post(
    '/event/save',
    { schema: { body: eventSaveBody }, config: guarded('events', 'event_confirm event_update') },
    async ({ session, body: items }) => {
      if (items.some((i) => i.confirmeventstatus === undefined && i.remark === undefined))
        throw errors.BAD_REQUEST(tx('每项须含 confirmeventstatus 或 remark', 'each item needs confirmeventstatus or remark'));
      const scope = await visibleProjects(app, session);
      const now = Date.now();
      const updated = await transact(app, async (trx, emit) => {
        let n = 0;
        for (const item of items) {
          const ev = await trx.selectFrom('peceventextend').selectAll().where('id', '=', item.id).executeTakeFirst();
          if (!ev) throw errors.NOT_FOUND(nounWithId(NOUN.event, item.id));
          if (!mayseeProject(scope, ev.projectid)) throw errors.TENANT_DENIED();
          const confirms = item.confirmeventstatus === EVENT_CONFIRM.CONFIRM && ev.confirmeventstatus !== EVENT_CONFIRM.CONFIRM;
          if (item.confirmeventstatus === EVENT_CONFIRM.UNCONFIRM && ev.confirmeventstatus === EVENT_CONFIRM.CONFIRM)
            throw errors.BAD_REQUEST(tx(`事件 ${ev.id} 已确认，不能取消确认`, `event ${ev.id} is confirmed and cannot be unconfirmed`));
          const remarks = item.remark !== undefined && (item.remark ?? null) !== ev.remark;
          if (confirms) requirePermission(session, 'event_confirm');
          if (remarks) requirePermission(session, 'event_update');
          if (!confirms && !remarks) continue;
          // Two stamps, each written only by what it records: the confirmation's (operator, updatetime,
          // spec §4) and the remark's (remarkoperator, remarktime). A remark never touches who confirmed.
          const set: {
            confirmeventstatus?: number;
            operator?: string;
            updatetime?: number;
            remark?: string | null;
            remarkoperator?: string | null;
            remarktime?: number | null;
          } = {};
          if (confirms) Object.assign(set, { confirmeventstatus: EVENT_CONFIRM.CONFIRM, operator: session.userName, updatetime: now });
          if (remarks) {
            const text = item.remark ?? null;
            Object.assign(set, {
              remark: text,
              remarkoperator: text === null ? null : session.userName,
              remarktime: text === null ? null : now,
            });
          }
          await trx.updateTable('peceventextend').set(set).where('id', '=', ev.id).execute();
          n++;
          const base = {
            ...actedBy(session),
            ...aboutEpisode(ev, ev.id),
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
          if (confirms)
            emit({
              ...base,
              kind: 'alarm.confirmed',
              payload: { ...fields, eventId: ev.id, operator: session.userName, updatetime: now, value: ev.description },
            });
          if (remarks)
            emit({
              ...base,
              kind: 'alarm.remarked',
              payload: { ...fields, eventId: ev.id, operator: session.userName, remark: item.remark, remarktime: now, value: item.remark },
            });
        }
        return n;
      });
      return ok({ updated }, { msg: '保存成功!' });
    },
  );

  route.post(
    '/event/export/list',
    { schema: listSchema, config: guarded('events', 'event_browser') },
    async ({ session, body, query: scope, request, reply }) => {
      return streamEventsXlsx(
        reply,
        await primed(eventBatches(await eventQuery(app, session, body, scope), body, MAX_EXPORT_ROWS)),
        await timeZoneOf(app, session),
        languageOf(request),
      );
    },
  );
}

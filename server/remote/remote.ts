import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { REMOTE_GROUPS, remoteControlBody, paramSaveBody, type CommandAck } from '../../domain/telemetry';
import { PARAM_DEFINITIONS, checkParamValue, controlPointsFor } from '../../domain/schemas/remote';
import { errors } from '../errors';
import { ok } from '../http/envelope';
import { guarded } from '../http/routeOptions';
import { NOUN, nounWithId, tx } from '../text/text';
import { idParams, idText, intText, noBody } from '../http/wire';
import { type Session } from '../auth/access';
import type { DeviceInfo } from '../devices/devices';
import { requireDevice } from '../access/scope';
import { verifyOperator } from './remoteVerify';
import { aboutDevice, actedBy } from '../eventLog/eventLog';
import { signedIn } from '../access/signedIn';

/** The device's values for the keys that were sent: what it actually applied. */
function appliedOf(sent: Record<string, number>, answered: Record<string, number>): Record<string, number | null> {
  return Object.fromEntries(Object.keys(sent).map((k) => [k, answered[k] ?? null]));
}

async function controlPointsOf(app: FastifyInstance, deviceId: number) {
  const row = await app.db.selectFrom('terminal').select('devicetype').where('id', '=', deviceId).executeTakeFirst();
  return controlPointsFor(row?.devicetype);
}

const groupParams = z.object({ deviceId: idText, groupId: intText.pipe(z.number().int().min(0)) });
/** The save's operator credentials may come as userInfo in the body or (spec §7) in the query. */
const saveBody = paramSaveBody.extend({ userInfo: paramSaveBody.shape.userInfo.optional() });
const saveQuery = z.object({ password: z.string().max(128).optional(), timestamp: intText.optional() });

/** Remote services (spec §7 Remote): every command travels the device channel and waits for its ack. */
export async function remoteRoutes(app: FastifyInstance) {
  const route = signedIn(app);
  const t = () => app.telemetry;

  /** Issues a command as domain events around the round trip: issued, then answered (ok or not). */
  async function roundTrip(
    session: Session,
    device: DeviceInfo,
    what: string,
    cmd: Parameters<ReturnType<typeof t>['channel']['send']>[1],
    before?: Record<string, number>,
  ): Promise<CommandAck | null> {
    const base = {
      ...actedBy(session),
      ...aboutDevice(device),
    };
    const fields = {
      deviceId: device.id,
      deviceName: device.name,
      deviceCode: device.code,
      projectName: device.projectName,
      contactInfo: device.contactphone,
    };
    const writes = cmd.type !== 'param_read';
    // before/after are what the operation log shows: what was asked, and what the device answered.
    if (writes)
      await app.eventLog.record({
        ...base,
        kind: 'remote.command_issued',
        payload: { ...fields, command: cmd, value: what, before: before ?? { command: what } },
      });
    let ack: CommandAck | null;
    try {
      ack = await t().channel.send(device.id, cmd, t().remoteTimeoutMs);
    } catch {
      ack = null;
    }
    if (writes) {
      await app.eventLog.record({
        ...base,
        kind: cmd.type === 'param_write' && ack?.ok ? 'remote.params_saved' : 'remote.command_answered',
        payload: {
          ...fields,
          command: cmd,
          ok: !!ack?.ok,
          timeout: ack === null,
          params: ack?.params,
          value: ack?.ok ? `${what}成功` : `${what}失败`,
          before: before ?? { command: what },
          after: {
            answer: ack === null ? '设备无应答' : ack.ok ? `${what}成功` : `${what}失败`,
            ...(ack?.message ? { message: ack.message } : {}),
            ...(cmd.type === 'param_write' && ack?.params ? appliedOf(before ?? {}, ack.params) : {}),
          },
        },
      });
    }
    return ack;
  }

  route.get(
    '/remote/config/:id/dataparam/group/list',
    { schema: { params: idParams }, config: guarded('remote', 'remote_param_browser') },
    async ({ session, params }) => {
      await requireDevice(app, session, params.id);
      return ok(REMOTE_GROUPS.map((g) => ({ ...g })));
    },
  );

  route.get(
    '/remote/config/:deviceId/:groupId/dataparam/definition/list',
    { schema: { params: groupParams }, config: guarded('remote', 'remote_param_browser') },
    async ({ session, params: p }) => {
      await requireDevice(app, session, p.deviceId);
      return ok(PARAM_DEFINITIONS.filter((d) => d.groupId === p.groupId));
    },
  );

  // Values are read from the device itself, so the list shows what it applies, not what we sent.
  route.post(
    '/remote/config/:deviceId/:groupId/dataparam/list',
    { schema: { params: groupParams, body: noBody }, config: guarded('remote', 'remote_param_browser') },
    async ({ session, params: p }) => {
      const device = await requireDevice(app, session, p.deviceId);
      const defs = PARAM_DEFINITIONS.filter((d) => d.groupId === p.groupId);
      if (!defs.length) throw errors.NOT_FOUND(nounWithId(NOUN.group, p.groupId));
      const ack = await roundTrip(session, device, '读取参数', { type: 'param_read', groupId: p.groupId });
      if (!ack?.ok) throw errors.REMOTE_READ_FAILED();
      return ok(defs.map((d) => ({ ...d, value: ack.params?.[d.id] ?? null })));
    },
  );

  // Password digest and timestamp may come in the query (spec §7) or as userInfo in the body.
  route.post(
    '/remote/config/save/dataparam/list',
    { schema: { querystring: saveQuery, body: saveBody }, config: guarded('remote', 'remote_param_update') },
    async ({ session, body, query: q }) => {
      const userInfo = body.userInfo ?? { userName: session.userName, password: q.password ?? '', timestamps: q.timestamp };
      await verifyOperator(app, session, userInfo);
      const device = await requireDevice(app, session, body.deviceId);
      const params: Record<string, number> = {};
      for (const p of body.params) {
        const def = PARAM_DEFINITIONS.find((d) => d.id === p.id && d.groupId === body.groupId);
        if (!def)
          throw errors.BAD_REQUEST(tx(`参数 ${p.id} 不属于参数组 ${body.groupId}`, `parameter ${p.id} is not of group ${body.groupId}`));
        const checked = checkParamValue(def, p.value);
        if (!checked.ok) throw errors.BAD_REQUEST(tx(checked.error, `${def.id}: ${checked.error}`));
        params[p.id] = checked.value;
      }
      const ack = await roundTrip(session, device, '参数设置', { type: 'param_write', groupId: body.groupId, params }, params);
      if (!ack?.ok) throw errors.REMOTE_FAILED();
      // Only the device's own answer: a device that acks without values leaves the screen to read them back.
      return ok(ack.params ?? {}, { msg: '保存成功!' });
    },
  );

  // The device dialog's 消音 and 复位 are on every page (the bell opens it): the shell's area.
  route.post(
    '/remote/config/query/:id/controlpoint/list',
    { schema: { params: idParams, body: noBody }, config: guarded('shell', 'remote_control remote_param_browser') },
    async ({ session, params }) => {
      const device = await requireDevice(app, session, params.id);
      const points = await controlPointsOf(app, device.id);
      // An empty list is an answer, not a failure: the message tells the screen what to show.
      return ok(points, points.length ? {} : { msg: errors.REMOTE_NO_POINTS().message });
    },
  );

  route.put(
    '/remote/config/control/:deviceId/:controlpoint',
    {
      schema: { params: z.object({ deviceId: idText, controlpoint: intText }), body: remoteControlBody },
      config: guarded('shell', 'remote_control'),
    },
    async ({ session, body, params: p }) => {
      if (
        (body.deviceId !== undefined && body.deviceId !== p.deviceId) ||
        (body.controlpoint !== undefined && body.controlpoint !== p.controlpoint)
      ) {
        throw errors.BAD_REQUEST(
          tx('请求体的 deviceId / controlpoint 与路径不一致', 'deviceId / controlpoint of the body differ from the path'),
        );
      }
      await verifyOperator(app, session, body.userInfo);
      const device = await requireDevice(app, session, p.deviceId);
      const point = (await controlPointsOf(app, device.id)).find((c) => c.id === p.controlpoint);
      if (!point) throw errors.REMOTE_NO_POINTS();
      const ack = await roundTrip(session, device, point.name, { type: 'control', controlpoint: point.id });
      if (!ack?.ok) throw errors.REMOTE_FAILED();
      return ok(null, { msg: '遥控成功' });
    },
  );
}

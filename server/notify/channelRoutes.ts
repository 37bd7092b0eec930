import type { FastifyInstance } from 'fastify';
import {
  channelCreateSchema,
  channelListSchema,
  channelUpdateSchema,
  type ChannelDto,
  type ChannelTestAnswer,
} from '../../domain/schemas/notify';
import { namedTenant, requireTenantRef } from '../auth/references';
import { mayAccessTenant, type Session } from '../auth/access';
import { errors } from '../errors';
import { transact } from '../eventLog/transact';
import { ok } from '../http/envelope';
import { languageOf } from '../text/language';
import { guarded } from '../http/routeOptions';
import { tx } from '../text/text';
import { idParams, noBody } from '../http/wire';
import { mergeConfig, parseConfig, type ChannelConfig } from './channelConfig';
import { channelDto, loadChannel, tenantChannels, type Channel } from './channelStore';
import { checkReceiver, testSend } from './channelTest';
import type { NotifyService } from './service';
import { signedIn } from '../access/signedIn';

/** A channel the caller may see: another tenant's is answered as not found, not as forbidden. */
async function requireChannel(app: FastifyInstance, session: Session, id: number): Promise<Channel> {
  const channel = await loadChannel(app.db, id);
  if (!channel || !mayAccessTenant(session, channel.tenantId)) throw errors.NOT_FOUND(tx(`通知渠道 ${id} `, `Notification channel ${id}`));
  return channel;
}

/**
 * 通知渠道: POST/GET /notify/v1/channel, PUT/DELETE /notify/v1/channel/{id}, POST …/{id}/test.
 * Every write and the test need the system-configuration permission of the channel's tenant; every
 * answer masks the secrets.
 */
export function channelRoutes(service: NotifyService) {
  return async function routes(app: FastifyInstance) {
    const route = signedIn(app);
    const write = guarded('system', 'wp_system_config');

    route.post('/channel', { schema: { body: channelCreateSchema }, config: write }, async ({ session, body }) => {
      const tenantId = await namedTenant(app.db, session, body.tenantId);
      checkReceiver(body.kind, body.config, service.allowPrivate);
      const now = Date.now();
      const id = await transact(app, async (trx, emit) => {
        const row = await trx
          .insertInto('notify_channel')
          .values({
            tenantId,
            name: body.name,
            kind: body.kind,
            config: JSON.stringify(body.config),
            enabled: body.enabled ? 1 : 0,
            createdAt: now,
            updatedAt: now,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        emit({
          kind: 'notify.channel_created',
          actorId: session.userId,
          actorName: session.userName,
          tenantId,
          subject: `notify_channel:${row.id}`,
          payload: { id: row.id, name: body.name, kind: body.kind },
        });
        return row.id;
      });
      return ok({ id });
    });

    route.get('/channel', { schema: { querystring: channelListSchema }, config: guarded('system') }, async ({ session, query }) => {
      const tenantId = query.tenantId;
      if (tenantId !== undefined) await requireTenantRef(app.db, session, tenantId);
      const channels = await tenantChannels(app.db, tenantId !== undefined ? [tenantId] : session.tenants);
      return ok<ChannelDto[]>(channels.map(channelDto));
    });

    route.put(
      '/channel/:id',
      { schema: { params: idParams, body: channelUpdateSchema }, config: write },
      async ({ session, body, params }) => {
        const channel = await requireChannel(app, session, params.id);
        let config: ChannelConfig = channel.config;
        if (body.config) {
          const parsed = parseConfig(channel.kind, mergeConfig(channel.kind, channel.config, body.config));
          if (!parsed.success)
            throw errors.NOTIFY_CONFIG_INVALID(parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '));
          config = parsed.data;
          checkReceiver(channel.kind, config, service.allowPrivate);
        }
        await transact(app, async (trx, emit) => {
          await trx
            .updateTable('notify_channel')
            .set({
              name: body.name ?? channel.name,
              enabled: (body.enabled ?? channel.enabled) ? 1 : 0,
              config: JSON.stringify(config),
              updatedAt: Date.now(),
            })
            .where('id', '=', channel.id)
            .execute();
          emit({
            kind: 'notify.channel_updated',
            actorId: session.userId,
            actorName: session.userName,
            tenantId: channel.tenantId,
            subject: `notify_channel:${channel.id}`,
            payload: { id: channel.id, name: body.name ?? channel.name, kind: channel.kind },
          });
        });
        return ok(channelDto((await loadChannel(app.db, channel.id))!));
      },
    );

    route.delete('/channel/:id', { schema: { params: idParams }, config: write }, async ({ session, params }) => {
      const channel = await requireChannel(app, session, params.id);
      await transact(app, async (trx, emit) => {
        await trx.deleteFrom('notify_channel').where('id', '=', channel.id).execute();
        await trx.deleteFrom('notify_send_slot').where('channelId', '=', channel.id).execute();
        emit({
          kind: 'notify.channel_deleted',
          actorId: session.userId,
          actorName: session.userName,
          tenantId: channel.tenantId,
          subject: `notify_channel:${channel.id}`,
          payload: { id: channel.id, name: channel.name, kind: channel.kind },
        });
      });
      return ok(null);
    });

    route.post(
      '/channel/:id/test',
      { schema: { params: idParams, body: noBody.optional() }, config: write },
      async ({ session, params, request }) => {
        const channel = await requireChannel(app, session, params.id);
        return ok<ChannelTestAnswer>(await testSend(app, service, channel, languageOf(request), session.userId));
      },
    );
  };
}

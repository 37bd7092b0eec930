import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import net from 'node:net';
import type { ChannelKind, ChannelTestAnswer } from '../../domain/schemas/notify';
import { errors } from '../errors';
import type { Lang } from '../text/language';
import { effectiveSettings } from '../settings/effective';
import { METADATA_HOSTS, refusedAddress } from './addressPolicy';
import { scrubSecrets, type ChannelConfig } from './channelConfig';
import type { Channel } from './channelStore';
import { checkUrl } from './safeFetch';
import { SendError, excerpt, failureText } from './sendError';
import { sendOver } from './senders';
import type { NotifyService } from './service';
import { writeTest } from './templates';
import { tx } from '../text/text';

/**
 * Refuses at save what can never be sent: a scheme other than http(s), a metadata host, a literal
 * loopback or private address without NOTIFY_ALLOW_PRIVATE. (Names are checked again after
 * resolution at every send.)
 */
export function checkReceiver(kind: ChannelKind, config: ChannelConfig, allowPrivate: boolean): void {
  const c = config as { url?: string; host?: string };
  try {
    if (typeof c.url === 'string') checkUrl(c.url.replaceAll('{phone}', '0').replaceAll('{content}', '0'), allowPrivate);
    if (kind === 'email' && typeof c.host === 'string') {
      const host = c.host.toLowerCase();
      const verdict = METADATA_HOSTS.has(host) ? 'metadata' : net.isIP(host) ? refusedAddress(host, allowPrivate) : null;
      if (verdict) throw new SendError(tx(host, host));
    }
  } catch (err) {
    if (err instanceof SendError) throw errors.NOTIFY_ADDRESS_REFUSED(err.text);
    throw err;
  }
}

/**
 * Where a test of an e-mail or SMS channel without recipients of its own goes: the caller's own
 * address (its contact fields), so the button works before any rule names a user.
 */
async function testRecipient(app: FastifyInstance, channel: Channel, userId: number): Promise<string | null> {
  const c = channel.config as { to?: string[]; phones?: string[] };
  if ((channel.kind === 'email' && !c.to?.length) || (channel.kind === 'sms' && !c.phones?.length)) {
    const me = await app.db.selectFrom('app_user').select(['email', 'mobilePhone']).where('id', '=', userId).executeTakeFirst();
    return (channel.kind === 'email' ? me?.email : me?.mobilePhone) || null;
  }
  return null;
}

/** 测试发送: a test message now, answered with what the receiver said (or why nothing answered). */
export async function testSend(
  app: FastifyInstance,
  service: NotifyService,
  channel: Channel,
  lang: Lang,
  userId: number,
): Promise<ChannelTestAnswer> {
  const started = Date.now();
  const zone = (await effectiveSettings(app.db, channel.tenantId)).timeZone;
  const written = writeTest(lang, zone, started);
  try {
    const to = await testRecipient(app, channel, userId);
    const answer = await sendOver(
      channel.kind,
      channel.config,
      { deliveryId: `test-${randomUUID()}`, mergedIds: [], ...written, to, mentions: { wecomIds: [], dingtalkIds: [], mobiles: [] } },
      { allowPrivate: service.allowPrivate, now: Date.now },
    );
    return {
      ok: true,
      status: answer.status,
      body: scrubSecrets(channel.config, excerpt(answer.body)),
      error: null,
      durationMs: Date.now() - started,
    };
  } catch (err) {
    return {
      ok: false,
      status: err instanceof SendError ? err.status : null,
      body: err instanceof SendError ? scrubSecrets(channel.config, err.body) : '',
      error: scrubSecrets(channel.config, failureText(err)[lang]),
      durationMs: Date.now() - started,
    };
  }
}

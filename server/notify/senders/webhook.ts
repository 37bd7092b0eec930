import type { WebhookConfig } from '../../../domain/schemas/notify';
import type { OutgoingMessage, SendAnswer, SendOptions } from '../message';
import { safeFetch } from '../safeFetch';
import { webhookSignature } from '../signatures';
import { requireHttpOk } from './answers';

/** The generic webhook: a JSON body, signed when the channel has a secret, with its delivery id. */
export async function sendWebhook(config: WebhookConfig, msg: OutgoingMessage, options: SendOptions): Promise<SendAnswer> {
  const body = JSON.stringify({
    deliveryId: msg.deliveryId,
    mergedDeliveryIds: msg.mergedIds,
    title: msg.title,
    text: msg.text,
    link: msg.link,
    ...msg.data,
  });
  const headers: Record<string, string> = {
    'content-type': 'application/json; charset=utf-8',
    'x-voltguard-delivery': msg.deliveryId,
    'user-agent': 'Voltguard-Notify/1',
  };
  if (config.secret) headers['x-voltguard-signature'] = webhookSignature(body, config.secret);
  return requireHttpOk(await safeFetch({ url: config.url, method: 'POST', headers, body }, { allowPrivate: options.allowPrivate }));
}

import type { ChannelKind } from '../../../domain/schemas/notify';
import type { ChannelConfig } from '../channelConfig';
import type { OutgoingMessage, SendAnswer, SendOptions } from '../message';
import { sendEmail } from './email';
import { sendDingtalk, sendFeishu, sendWecom } from './robots';
import { sendSms } from './sms';
import { sendWebhook } from './webhook';

/** The sender of each kind; each takes the config of its own kind (channelConfig.ts checks it by kind). */
const SENDERS: Record<ChannelKind, (config: never, msg: OutgoingMessage, options: SendOptions) => Promise<SendAnswer>> = {
  webhook: sendWebhook,
  wecom: sendWecom,
  dingtalk: sendDingtalk,
  feishu: sendFeishu,
  email: sendEmail,
  sms: sendSms,
};

/** Sends one message over a channel of any kind; throws a SendError (or a network error) when not delivered. */
export function sendOver(kind: ChannelKind, config: ChannelConfig, msg: OutgoingMessage, options: SendOptions): Promise<SendAnswer> {
  return SENDERS[kind](config as never, msg, options);
}

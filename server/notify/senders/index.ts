import type { ChannelKind } from '../../../domain/schemas/notify';
import type { ChannelConfig } from '../channelConfig';
import type { OutgoingMessage, SendAnswer, SendOptions } from '../message';
import { sendEmail } from './email';
import { sendDingtalk, sendFeishu, sendWecom } from './robots';
import { sendSms } from './sms';
import { sendWebhook } from './webhook';

/** Sends one message over a channel of any kind; throws a SendError (or a network error) when not delivered. */
export function sendOver(kind: ChannelKind, config: ChannelConfig, msg: OutgoingMessage, options: SendOptions): Promise<SendAnswer> {
  switch (kind) {
    case 'webhook':
      return sendWebhook(config as Parameters<typeof sendWebhook>[0], msg, options);
    case 'wecom':
      return sendWecom(config as Parameters<typeof sendWecom>[0], msg, options);
    case 'dingtalk':
      return sendDingtalk(config as Parameters<typeof sendDingtalk>[0], msg, options);
    case 'feishu':
      return sendFeishu(config as Parameters<typeof sendFeishu>[0], msg, options);
    case 'email':
      return sendEmail(config as Parameters<typeof sendEmail>[0], msg, options);
    case 'sms':
      return sendSms(config as Parameters<typeof sendSms>[0], msg, options);
  }
}

import type { SmsConfig } from '../../../domain/schemas/notify';
import { tx } from '../../text/text';
import type { OutgoingMessage, SendAnswer, SendOptions } from '../message';
import { safeFetch } from '../safeFetch';
import { SendError } from '../sendError';
import { requireHttpOk } from './answers';

/** `{phone}` and `{content}` in a template, each escaped for where it lands. */
function fill(template: string, phone: string, content: string, escape: (s: string) => string): string {
  return template.replaceAll('{phone}', escape(phone)).replaceAll('{content}', escape(content));
}

// In a JSON template the values land inside string literals: escaped as JSON, quotes stripped.
const jsonEscape = (s: string) => JSON.stringify(s).slice(1, -1);

const looksJson = (template: string) => /^\s*[[{]/.test(template);

/**
 * SMS through the operator's HTTP gateway (providers differ): the configured URL, method, headers and
 * body template, one request per phone number.
 */
export async function sendSms(config: SmsConfig, msg: OutgoingMessage, options: SendOptions): Promise<SendAnswer> {
  const phones = msg.to ? [msg.to] : config.phones;
  if (!phones.length) throw new SendError(tx('没有接收手机号', 'No phone number to send to'));
  const content = msg.link ? `${msg.text} ${msg.link}` : msg.text;
  let last: SendAnswer = { status: 0, body: '' };
  for (const phone of phones) {
    const url = fill(config.url, phone, content, encodeURIComponent);
    const body =
      config.method === 'GET'
        ? undefined
        : fill(config.bodyTemplate, phone, content, looksJson(config.bodyTemplate) ? jsonEscape : (s) => s);
    const headers: Record<string, string> = {
      ...(body !== undefined && looksJson(config.bodyTemplate) ? { 'content-type': 'application/json; charset=utf-8' } : {}),
      ...config.headers,
    };
    last = requireHttpOk(
      await safeFetch(
        { url, method: config.method, headers, ...(body !== undefined ? { body } : {}) },
        { allowPrivate: options.allowPrivate },
      ),
    );
  }
  return last;
}

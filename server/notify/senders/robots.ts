import type { DingtalkConfig, FeishuConfig, WecomConfig } from '../../../domain/schemas/notify';
import type { OutgoingMessage, SendAnswer, SendOptions } from '../message';
import { safeFetch } from '../safeFetch';
import { dingtalkSign, feishuSign } from '../signatures';
import { requireRobotOk } from './answers';

const JSON_HEADERS = { 'content-type': 'application/json; charset=utf-8' };
const WECOM = { zh: '企业微信', en: 'WeCom' };
const DINGTALK = { zh: '钉钉', en: 'DingTalk' };
const FEISHU = { zh: '飞书', en: 'Feishu' };

/** 企业微信 group robot: a markdown message; a mention is `<@userid>` inside the content. */
export async function sendWecom(config: WecomConfig, msg: OutgoingMessage, options: SendOptions): Promise<SendAnswer> {
  const mentions = msg.mentions.wecomIds.map((id) => `<@${id}>`).join(' ');
  const content = mentions ? `${msg.markdown}\n${mentions}` : msg.markdown;
  const body = JSON.stringify({ msgtype: 'markdown', markdown: { content } });
  return requireRobotOk(await safeFetch({ url: config.url, headers: JSON_HEADERS, body }, { allowPrivate: options.allowPrivate }), WECOM);
}

/** 钉钉 custom robot: markdown, mentions in `at`, signed in the query (timestamp, sign) when a secret is set. */
export async function sendDingtalk(config: DingtalkConfig, msg: OutgoingMessage, options: SendOptions): Promise<SendAnswer> {
  let url = config.url;
  if (config.secret) {
    const timestamp = options.now();
    url += `${url.includes('?') ? '&' : '?'}timestamp=${timestamp}&sign=${encodeURIComponent(dingtalkSign(timestamp, config.secret))}`;
  }
  const { dingtalkIds, mobiles } = msg.mentions;
  const mentions = [...dingtalkIds, ...mobiles].map((id) => `@${id}`).join(' ');
  const body = JSON.stringify({
    msgtype: 'markdown',
    markdown: { title: msg.title, text: mentions ? `${msg.markdown}\n\n${mentions}` : msg.markdown },
    at: { atUserIds: dingtalkIds, atMobiles: mobiles, isAtAll: false },
  });
  return requireRobotOk(await safeFetch({ url, headers: JSON_HEADERS, body }, { allowPrivate: options.allowPrivate }), DINGTALK);
}

/** 飞书 custom bot: a text message, with timestamp and sign in the body when a secret is set. */
export async function sendFeishu(config: FeishuConfig, msg: OutgoingMessage, options: SendOptions): Promise<SendAnswer> {
  const signed: Record<string, string> = {};
  if (config.secret) {
    const timestamp = Math.floor(options.now() / 1000);
    signed.timestamp = String(timestamp);
    signed.sign = feishuSign(timestamp, config.secret);
  }
  const body = JSON.stringify({ ...signed, msg_type: 'text', content: { text: `${msg.title}\n${msg.text}` } });
  return requireRobotOk(await safeFetch({ url: config.url, headers: JSON_HEADERS, body }, { allowPrivate: options.allowPrivate }), FEISHU);
}

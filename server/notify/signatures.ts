import { createHmac } from 'node:crypto';

/** Webhook: X-Voltguard-Signature = sha256=<hex HMAC-SHA256 of the raw body, keyed by the channel secret>. */
export const webhookSignature = (rawBody: string, secret: string) =>
  `sha256=${createHmac('sha256', secret).update(rawBody, 'utf8').digest('hex')}`;

/** 钉钉 加签: base64 HMAC-SHA256 of `${timestamp}\n${secret}` keyed by the secret (URL-encoded by the caller). */
export const dingtalkSign = (timestampMs: number, secret: string) =>
  createHmac('sha256', secret).update(`${timestampMs}\n${secret}`, 'utf8').digest('base64');

/** 飞书 签名校验: base64 HMAC-SHA256 of an empty message keyed by `${timestamp}\n${secret}` (seconds). */
export const feishuSign = (timestampSeconds: number, secret: string) =>
  createHmac('sha256', `${timestampSeconds}\n${secret}`).update('').digest('base64');

import {
  DEFAULT_RATE_PER_MINUTE,
  SECRET_MASK,
  channelConfigSchemas,
  type ChannelKind,
  type DingtalkConfig,
  type EmailConfig,
  type FeishuConfig,
  type SmsConfig,
  type WebhookConfig,
  type WecomConfig,
} from '../../domain/schemas/notify';

export type ChannelConfig = WebhookConfig | WecomConfig | DingtalkConfig | FeishuConfig | EmailConfig | SmsConfig;

/**
 * A receiver URL as answers show it: keys ride in robot URLs (企业微信 ?key=, 钉钉 ?access_token=,
 * 飞书 /hook/<id>), so every query value, a password in the URL and a 飞书 hook id are masked.
 */
export function maskUrl(raw: string, kind: ChannelKind): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return SECRET_MASK;
  }
  if (url.password) url.password = 'x';
  const query = [...url.searchParams.keys()].map((k) => `${encodeURIComponent(k)}=${SECRET_MASK}`).join('&');
  let path = url.pathname;
  if (kind === 'feishu') path = path.replace(/[^/]+$/, SECRET_MASK);
  const auth = url.username ? `${url.username}${url.password ? `:${SECRET_MASK}` : ''}@` : '';
  return `${url.protocol}//${auth}${url.host}${path}${query ? `?${query}` : ''}`;
}

/**
 * A URL edited from its masked form (a new path or host, the key left as SECRET_MASK): the masked
 * query values, password and 飞书 hook id are the stored ones again.
 */
function unmaskUrl(edited: string, stored: string): string {
  let next: URL;
  let old: URL;
  try {
    next = new URL(edited);
    old = new URL(stored);
  } catch {
    return edited;
  }
  for (const [k, v] of [...next.searchParams])
    if (v === SECRET_MASK && old.searchParams.has(k)) next.searchParams.set(k, old.searchParams.get(k)!);
  if (decodeURIComponent(next.password) === SECRET_MASK) next.password = old.password;
  const mask = encodeURIComponent(SECRET_MASK);
  if (next.pathname.endsWith(`/${mask}`) || next.pathname.endsWith(`/${SECRET_MASK}`))
    next.pathname = next.pathname.replace(/[^/]+$/, old.pathname.split('/').at(-1) ?? '');
  return next.toString();
}

const masked = (v: string | undefined) => (v ? SECRET_MASK : v);

/** The config as every answer shows it. */
export function maskConfig(kind: ChannelKind, config: ChannelConfig): Record<string, unknown> {
  const c = config as Record<string, unknown>;
  const out: Record<string, unknown> = { ...c };
  if (typeof c.url === 'string') out.url = maskUrl(c.url, kind);
  if ('secret' in c) out.secret = masked(c.secret as string | undefined);
  if ('pass' in c) out.pass = masked(c.pass as string | undefined);
  if (kind === 'sms') out.headers = Object.fromEntries(Object.keys((c.headers ?? {}) as object).map((k) => [k, SECRET_MASK]));
  return out;
}

/** Whether a secret (signing secret, SMTP password, gateway header) is stored. */
export function hasSecret(kind: ChannelKind, config: ChannelConfig): boolean {
  const c = config as Record<string, unknown>;
  if (kind === 'email') return !!c.pass;
  if (kind === 'sms') return Object.keys((c.headers ?? {}) as object).length > 0;
  return !!c.secret;
}

/** Every secret value of a config: what must never reach a log line or an answer. */
export function secretsOf(config: ChannelConfig): string[] {
  const c = config as Record<string, unknown>;
  const values = [c.secret, c.pass, ...Object.values((c.headers ?? {}) as Record<string, unknown>)];
  if (typeof c.url === 'string')
    try {
      const url = new URL(c.url);
      values.push(...url.searchParams.values(), url.password);
    } catch {
      // an unreadable URL has no parts to hide
    }
  return values.filter((v): v is string => typeof v === 'string' && v.length >= 4);
}

/** Text from outside (a receiver's answer, an error) with the channel's secrets masked: receivers echo URLs. */
export const scrubSecrets = (config: ChannelConfig, text: string): string =>
  secretsOf(config).reduce((t, secret) => t.replaceAll(secret, SECRET_MASK), text);

export const parseConfig = (kind: ChannelKind, config: unknown) => channelConfigSchemas[kind].safeParse(config);

/**
 * An update's config over the stored one: a secret, URL or header value sent back masked (or left out)
 * keeps the stored value, so the console can send back what it read; '' clears an optional secret.
 */
export function mergeConfig(kind: ChannelKind, stored: ChannelConfig, update: Record<string, unknown>): Record<string, unknown> {
  const old = stored as Record<string, unknown>;
  const next: Record<string, unknown> = { ...old, ...update };
  if (typeof old.url === 'string')
    next.url = update.url === undefined || update.url === maskUrl(old.url, kind) ? old.url : unmaskUrl(String(update.url), old.url);
  for (const key of ['secret', 'pass'] as const) {
    if (update[key] === undefined || update[key] === SECRET_MASK) next[key] = old[key];
    if (next[key] === '' || next[key] === undefined) delete next[key];
  }
  if (kind === 'sms' && update.headers && typeof update.headers === 'object') {
    const oldHeaders = (old.headers ?? {}) as Record<string, string>;
    next.headers = Object.fromEntries(
      Object.entries(update.headers as Record<string, string>).map(([k, v]) => [k, v === SECRET_MASK ? (oldHeaders[k] ?? '') : v]),
    );
  }
  return next;
}

export const ratePerMinuteOf = (kind: ChannelKind, config: ChannelConfig) =>
  (config as { ratePerMinute?: number }).ratePerMinute ?? DEFAULT_RATE_PER_MINUTE[kind];

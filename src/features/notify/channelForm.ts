import {
  SECRET_MASK,
  type ChannelCreate,
  type ChannelDto,
  type ChannelKind,
  type SMS_METHODS,
  type SMTP_SECURITY,
} from '../../../domain/schemas/notify';
import { t } from '../../app/i18n/i18n';
import type { FieldErrors } from '../../app/widgets/formErrors';

/** The channel dialog's fields as typed, for every kind; lists are typed one per line or comma-separated. */
export interface ChannelForm {
  /** '' until chosen, for a caller serving several tenants */
  tenantId: string;
  name: string;
  kind: ChannelKind | '';
  /** a channel switched off sends nothing; what it still had to send fails with the reason */
  enabled: boolean;
  url: string;
  secret: string;
  host: string;
  port: string;
  security: (typeof SMTP_SECURITY)[number];
  user: string;
  pass: string;
  from: string;
  to: string;
  method: (typeof SMS_METHODS)[number];
  /** `Name: value` per line */
  headers: string;
  bodyTemplate: string;
  phones: string;
}

/** Which fields each kind shows (name and kind always). */
export const KIND_FIELDS: Record<ChannelKind, readonly (keyof ChannelForm)[]> = {
  webhook: ['url', 'secret'],
  wecom: ['url'],
  dingtalk: ['url', 'secret'],
  feishu: ['url', 'secret'],
  email: ['host', 'port', 'security', 'user', 'pass', 'from', 'to'],
  sms: ['url', 'method', 'headers', 'bodyTemplate', 'phones'],
};

export const EMPTY_CHANNEL: ChannelForm = {
  tenantId: '',
  name: '',
  kind: '',
  enabled: true,
  url: '',
  secret: '',
  host: '',
  port: '587',
  security: 'starttls',
  user: '',
  pass: '',
  from: '',
  to: '',
  method: 'POST',
  headers: '',
  bodyTemplate: '{"phone":"{phone}","content":"{content}"}',
  phones: '',
};

const str = (v: unknown) => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');
const list = (v: unknown) => (Array.isArray(v) ? v.map(str).join(', ') : '');
const split = (text: string) =>
  text
    .split(/[\s,，;；]+/)
    .map((s) => s.trim())
    .filter(Boolean);

/** The form of a stored channel: its secrets stay masked, and a masked value sent back keeps the stored one. */
export function channelFormOf(c: ChannelDto): ChannelForm {
  const k = c.config;
  const headers = k.headers && typeof k.headers === 'object' ? Object.entries(k.headers as Record<string, unknown>) : [];
  return {
    ...EMPTY_CHANNEL,
    tenantId: String(c.tenantId),
    name: c.name,
    kind: c.kind,
    enabled: c.enabled,
    url: str(k.url),
    secret: str(k.secret) || (c.hasSecret && c.kind !== 'email' ? SECRET_MASK : ''),
    host: str(k.host),
    port: str(k.port) || EMPTY_CHANNEL.port,
    security: (str(k.security) || EMPTY_CHANNEL.security) as ChannelForm['security'],
    user: str(k.user),
    pass: str(k.pass) || (c.hasSecret && c.kind === 'email' ? SECRET_MASK : ''),
    from: str(k.from),
    to: list(k.to),
    method: (str(k.method) || EMPTY_CHANNEL.method) as ChannelForm['method'],
    headers: headers.map(([name, value]) => `${name}: ${str(value)}`).join('\n'),
    bodyTemplate: str(k.bodyTemplate) || EMPTY_CHANNEL.bodyTemplate,
    phones: list(k.phones),
  };
}

function configOf(f: ChannelForm, kind: ChannelKind): Record<string, unknown> {
  const optional = (v: string) => (v ? v : undefined);
  switch (kind) {
    case 'webhook':
    case 'dingtalk':
    case 'feishu':
      return { url: f.url.trim(), secret: optional(f.secret) };
    case 'wecom':
      return { url: f.url.trim() };
    case 'email':
      return {
        host: f.host.trim(),
        port: Number(f.port),
        security: f.security,
        user: optional(f.user.trim()),
        pass: optional(f.pass),
        from: f.from.trim(),
        to: split(f.to),
      };
    case 'sms':
      return {
        url: f.url.trim(),
        method: f.method,
        headers: Object.fromEntries(
          f.headers
            .split('\n')
            .map((line) => line.split(/:(.*)/s).map((s) => s.trim()))
            .filter(([name]) => name)
            .map(([name, value]) => [name, value ?? '']),
        ),
        bodyTemplate: f.bodyTemplate,
        phones: split(f.phones),
      };
  }
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Checks the fields the kind shows; the messages are in the language in force. */
export function checkChannel(f: ChannelForm, tenantRequired: boolean): FieldErrors {
  const e: FieldErrors = {};
  if (tenantRequired && !f.tenantId) e.tenantId = t('validation.selectWhat', { what: t('users.tenant') });
  const required = (key: keyof ChannelForm, what: string) => {
    if (!String(f[key]).trim()) e[key] = t('validation.required', { what });
  };
  required('name', t('notify.channelName'));
  if (f.name.trim().length > 40) e.name = t('validation.lengthUpTo', { n: 40 });
  if (!f.kind) {
    e.kind = t('validation.selectWhat', { what: t('notify.kind') });
    return e;
  }
  const shown = KIND_FIELDS[f.kind];
  if (shown.includes('url')) {
    required('url', t('notify.url'));
    if (f.url.trim() && !/^https?:\/\//i.test(f.url.trim())) e.url = t('notify.urlScheme');
  }
  if (f.kind === 'email') {
    required('host', t('notify.smtpHost'));
    const port = Number(f.port);
    if (!Number.isInteger(port) || port < 1 || port > 65535) e.port = t('validation.port');
    if (!EMAIL.test(f.from.trim())) e.from = t('validation.email');
    if (split(f.to).some((a) => !EMAIL.test(a))) e.to = t('validation.email');
  }
  return e;
}

/** The create body (POST /notify/v1/channel); an update sends its name and config. */
export function channelBody(f: ChannelForm): ChannelCreate {
  const kind = f.kind as ChannelKind;
  const tenant = f.tenantId ? { tenantId: Number(f.tenantId) } : {};
  return { ...tenant, name: f.name.trim(), kind, config: configOf(f, kind), enabled: f.enabled } as ChannelCreate;
}

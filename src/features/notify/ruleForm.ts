import type { RuleCreate, RuleDto } from '../../../domain/schemas/notify';
import { t } from '../../app/i18n/i18n';
import type { FieldErrors } from '../../app/widgets/formErrors';

/** The rule dialog's fields; an empty project or type list means every one (null on the wire). */
export interface RuleForm {
  /** '' until chosen, for a caller serving several tenants */
  tenantId: string;
  name: string;
  projectIds: number[];
  levels: number[];
  types: number[];
  channelIds: number[];
  userIds: number[];
  sendEnd: boolean;
  enabled: boolean;
  quiet: boolean;
  quietFrom: string;
  quietTo: string;
}

export const EMPTY_RULE: RuleForm = {
  tenantId: '',
  name: '',
  projectIds: [],
  levels: [],
  types: [],
  channelIds: [],
  userIds: [],
  sendEnd: false,
  enabled: true,
  quiet: false,
  quietFrom: '22:00',
  quietTo: '07:00',
};

export function ruleFormOf(r: RuleDto): RuleForm {
  return {
    tenantId: String(r.tenantId),
    name: r.name,
    projectIds: r.projectIds ?? [],
    levels: r.levels,
    types: r.types ?? [],
    channelIds: r.channelIds,
    userIds: r.userIds,
    sendEnd: r.sendEnd,
    enabled: r.enabled,
    quiet: r.quietHours !== null,
    quietFrom: r.quietHours?.from ?? EMPTY_RULE.quietFrom,
    quietTo: r.quietHours?.to ?? EMPTY_RULE.quietTo,
  };
}

const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;

/** Checks the form; the messages are in the language in force. */
export function checkRule(f: RuleForm, tenantRequired: boolean): FieldErrors {
  const e: FieldErrors = {};
  if (tenantRequired && !f.tenantId) e.tenantId = t('validation.selectWhat', { what: t('users.tenant') });
  if (!f.name.trim()) e.name = t('validation.required', { what: t('notify.ruleName') });
  else if (f.name.trim().length > 40) e.name = t('validation.lengthUpTo', { n: 40 });
  if (!f.levels.length) e.levels = t('notify.levelRequired');
  if (!f.channelIds.length && !f.userIds.length) e.recipients = t('notify.recipientRequired');
  if (f.quiet && !(HHMM.test(f.quietFrom) && HHMM.test(f.quietTo))) e.quiet = t('notify.quietBoth');
  return e;
}

/** The body of POST /notify/v1/rule (PUT takes the same fields). */
export function ruleBody(f: RuleForm): RuleCreate {
  return {
    ...(f.tenantId ? { tenantId: Number(f.tenantId) } : {}),
    name: f.name.trim(),
    projectIds: f.projectIds.length ? f.projectIds : null,
    levels: f.levels,
    types: f.types.length ? f.types : null,
    channelIds: f.channelIds,
    userIds: f.userIds,
    sendEnd: f.sendEnd,
    quietHours: f.quiet ? { from: f.quietFrom, to: f.quietTo } : null,
    enabled: f.enabled,
  };
}

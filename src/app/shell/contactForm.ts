import type { ContactUpdate, UserDto } from '../../../domain/schemas/auth';
import { t } from '../i18n/i18n';

/** The own contact fields as typed: how notifications reach the user (issue 28). */
export interface ContactForm {
  mobilePhone: string;
  email: string;
  wecomId: string;
  dingtalkId: string;
  language: 'zh_cn' | 'en';
}

export const contactFormOf = (u: UserDto | null): ContactForm => ({
  mobilePhone: u?.mobilePhone ?? '',
  email: u?.email ?? '',
  wecomId: u?.wecomId ?? '',
  dingtalkId: u?.dingtalkId ?? '',
  language: u?.language === 'en' ? 'en' : 'zh_cn',
});

const MOBILE = /^1[3-9]\d{9}$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Every field may be empty; a phone or e-mail given must be one (spec §5 messages). */
export function checkContact(f: ContactForm): Partial<Record<keyof ContactForm, string>> {
  const e: Partial<Record<keyof ContactForm, string>> = {};
  if (f.mobilePhone.trim() && !MOBILE.test(f.mobilePhone.trim())) e.mobilePhone = t('validation.mobile');
  if (f.email.trim() && !EMAIL.test(f.email.trim())) e.email = t('validation.email');
  for (const k of ['wecomId', 'dingtalkId'] as const) if (f[k].trim().length > 64) e[k] = t('validation.lengthUpTo', { n: 64 });
  return e;
}

/** PUT /auth/v1/user/contact: empty fields clear the stored values. */
export const contactBody = (f: ContactForm): ContactUpdate => ({
  mobilePhone: f.mobilePhone.trim() || null,
  email: f.email.trim() || null,
  wecomId: f.wecomId.trim() || null,
  dingtalkId: f.dingtalkId.trim() || null,
  language: f.language,
});

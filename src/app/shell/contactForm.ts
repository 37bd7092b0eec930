import { CONTACT_PATTERNS, type ContactUpdate, type UserDto } from '../../../domain/schemas/auth';
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

const MESSAGE_KEY = {
  mobilePhone: 'validation.mobile',
  email: 'validation.email',
  wecomId: 'validation.wecomId',
  dingtalkId: 'validation.dingtalkId',
} as const;

/** Every field may be empty; one given must pass the rule the server checks (CONTACT_PATTERNS). */
export function checkContact(f: ContactForm): Partial<Record<keyof ContactForm, string>> {
  const e: Partial<Record<keyof ContactForm, string>> = {};
  for (const k of Object.keys(MESSAGE_KEY) as (keyof typeof MESSAGE_KEY)[])
    if (f[k].trim() && !CONTACT_PATTERNS[k].test(f[k].trim())) e[k] = t(MESSAGE_KEY[k]);
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

import { useEffect, useState } from 'react';
import { api } from '../api/client';
import { t } from '../i18n/i18n';
import { useSession } from '../session/SessionContext';
import { Button, Modal, TextField } from '../ui/Modal';
import { toastSuccess } from '../ui/toastStore';
import { checkContact, contactBody, contactFormOf, type ContactForm } from './contactForm';

/** 修改联系方式: the user's own phone, e-mail, 企业微信 and 钉钉 ids and the language of its notifications. */
export function ContactDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { user, send } = useSession();
  const [form, setForm] = useState<ContactForm>(contactFormOf(user));
  const [errors, setErrors] = useState<Partial<Record<keyof ContactForm, string>>>({});
  useEffect(() => {
    if (!open) return;
    setForm(contactFormOf(user));
    setErrors({});
  }, [open, user]);
  const field = (key: Exclude<keyof ContactForm, 'language'>, label: string) => (
    <TextField
      label={label}
      name={key}
      value={form[key]}
      onChange={(e) => setForm({ ...form, [key]: e.target.value })}
      error={errors[key]}
      autoComplete="off"
    />
  );
  const submit = async () => {
    const found = checkContact(form);
    setErrors(found);
    if (Object.keys(found).length) return;
    const saved = await api.put('/auth/v1/user/contact', contactBody(form)).then(
      () => true,
      () => false,
    );
    if (!saved) return;
    toastSuccess(t('table.saveSuccess'));
    send({ type: 'USER.REFRESH' });
    onClose();
  };
  return (
    <Modal open={open} onClose={onClose} title={t('user.editContact')} width={420}>
      <form onSubmit={(e) => (e.preventDefault(), void submit())} noValidate data-testid="contact-form">
        {field('mobilePhone', t('users.mobile'))}
        {field('email', t('users.email'))}
        {field('wecomId', t('users.wecomId'))}
        {field('dingtalkId', t('users.dingtalkId'))}
        <label className="mb-3 block text-sm">
          <span className="mb-1 block text-muted">{t('user.language')}</span>
          <select
            name="language"
            value={form.language}
            onChange={(e) => setForm({ ...form, language: e.target.value === 'en' ? 'en' : 'zh_cn' })}
            className="w-full rounded border border-line bg-surface-2 px-3 py-1.5 text-ink outline-none focus:border-brand"
          >
            <option value="zh_cn">{t('user.languageZh')}</option>
            <option value="en">{t('user.languageEn')}</option>
          </select>
        </label>
        <div className="mt-4 flex justify-end gap-2">
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button kind="primary" type="submit">
            {t('common.save')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}

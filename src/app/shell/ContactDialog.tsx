import { api } from '../api/client';
import { t } from '../i18n/i18n';
import { useSession } from '../session/SessionContext';
import { ChoiceField } from '../ui/ChoiceField';
import { Modal } from '../ui/Modal';
import { FormActions } from '../ui/form/FormActions';
import { FormTextField } from '../ui/form/FormFields';
import { useFormDialog } from '../ui/form/useFormDialog';
import { checkedBy } from '../widgets/formErrors';
import { checkContact, contactBody, contactFormOf, type ContactForm } from './contactForm';

/** 修改联系方式: the user's own phone, e-mail, 企业微信 and 钉钉 ids and the language of its notifications. */
export function ContactDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { user, send } = useSession();
  const form = useFormDialog({
    open,
    initial: () => contactFormOf(user),
    resetOn: [user],
    validate: (f) => checkedBy(checkContact(f), contactBody(f)),
    submit: (body) => api.put('/auth/v1/user/contact', body),
    onSaved: () => {
      send({ type: 'USER.REFRESH' });
      onClose();
    },
  });
  const field = (key: Exclude<keyof ContactForm, 'language'>, label: string) => (
    <FormTextField label={label} field={form.field(key)} autoComplete="off" />
  );
  return (
    <Modal open={open} onClose={onClose} title={t('user.editContact')} width={420}>
      <form {...form.formProps} data-testid="contact-form">
        {field('mobilePhone', t('users.mobile'))}
        {field('email', t('users.email'))}
        {field('wecomId', t('users.wecomId'))}
        {field('dingtalkId', t('users.dingtalkId'))}
        <ChoiceField
          label={t('user.language')}
          name="language"
          value={form.draft.language}
          onChange={(language) => form.set('language', language)}
          options={[
            { value: 'zh_cn', label: t('user.languageZh') },
            { value: 'en', label: t('user.languageEn') },
          ]}
        />
        <FormActions onClose={onClose} busy={form.busy} />
      </form>
    </Modal>
  );
}

import { useEffect, useState } from 'react';
import type { TenantDto } from '../../../domain/schemas/auth';
import { CHANNEL_KINDS, SMS_METHODS, SMTP_SECURITY, type ChannelDto } from '../../../domain/schemas/notify';
import { t, useLanguage } from '../../app/i18n/i18n';
import { Button, Modal, TextField } from '../../app/ui/Modal';
import { toastSuccess } from '../../app/ui/toastStore';
import { SelectField } from '../../app/widgets/SelectField';
import type { FieldErrors } from '../../app/widgets/formErrors';
import { AreaField } from './AreaField';
import { ChoiceField } from './ChoiceField';
import { EMPTY_CHANNEL, KIND_FIELDS, channelBody, channelFormOf, checkChannel, type ChannelForm } from './channelForm';
import { notifyApi } from './notifyApi';
import { kindText } from './notifyText';

const SECURITY_TEXT = { tls: 'TLS', starttls: 'STARTTLS' } as const;

/** Creates or edits a channel; the fields follow the kind (the kind of a stored channel is fixed). */
export function ChannelFormDialog({
  open,
  editing,
  tenants,
  onClose,
  onSaved,
}: {
  open: boolean;
  editing: ChannelDto | undefined;
  /** the tenants the caller serves: with more than one, a new channel names its tenant */
  tenants: TenantDto[];
  onClose: () => void;
  onSaved: () => void;
}) {
  useLanguage();
  const [form, setForm] = useState<ChannelForm>(EMPTY_CHANNEL);
  const [errors, setErrors] = useState<FieldErrors>({});
  useEffect(() => {
    if (!open) return;
    setForm(editing ? channelFormOf(editing) : EMPTY_CHANNEL);
    setErrors({});
  }, [open, editing]);
  const set = (key: Exclude<keyof ChannelForm, 'enabled'>) => (value: string) => {
    setForm((f) => ({ ...f, [key]: value }));
    // a change answers the field's error
    setErrors(({ [key]: _answered, ...rest }) => rest);
  };
  const shows = (key: keyof ChannelForm) => !!form.kind && KIND_FIELDS[form.kind].includes(key);
  const text = (
    key: Exclude<keyof ChannelForm, 'enabled'>,
    label: string,
    extra: Partial<React.InputHTMLAttributes<HTMLInputElement>> & { hint?: string | undefined } = {},
  ) =>
    shows(key) && (
      <TextField
        label={label}
        name={key}
        value={form[key]}
        onChange={(e) => set(key)(e.target.value)}
        error={errors[key]}
        autoComplete="off"
        {...extra}
      />
    );
  const secretHint = editing ? t('notify.secretKept') : undefined;

  const pickTenant = !editing && tenants.length > 1;

  const submit = async () => {
    const found = checkChannel(form, pickTenant);
    setErrors(found);
    if (Object.keys(found).length) return;
    const body = channelBody(form);
    const saved = editing
      ? await notifyApi.updateChannel(editing.id, { name: body.name, config: body.config, enabled: body.enabled }).then(
          () => true,
          () => false,
        )
      : await notifyApi.createChannel(body).then(
          () => true,
          () => false,
        );
    if (!saved) return;
    toastSuccess(t('table.saveSuccess'));
    onSaved();
  };

  return (
    <Modal open={open} onClose={onClose} title={t(editing ? 'notify.channelEdit' : 'notify.channelCreate')} width={520}>
      <form onSubmit={(e) => (e.preventDefault(), void submit())} noValidate data-testid="channel-form">
        <div className="max-h-[65vh] overflow-auto pr-1">
          {pickTenant && (
            <SelectField
              label={t('users.tenant')}
              name="tenantId"
              value={form.tenantId}
              onChange={set('tenantId')}
              error={errors.tenantId}
              placeholder="--"
              options={tenants.map((x) => ({ value: String(x.id), label: x.name }))}
            />
          )}
          <TextField
            label={t('notify.channelName')}
            name="name"
            value={form.name}
            onChange={(e) => set('name')(e.target.value)}
            error={errors.name}
            autoComplete="off"
          />
          {editing ? (
            <p className="mb-3 text-sm">
              <span className="mb-1 block text-muted">{t('notify.kind')}</span>
              {kindText(editing.kind)}
            </p>
          ) : (
            <SelectField
              label={t('notify.kind')}
              name="kind"
              value={form.kind}
              onChange={set('kind')}
              error={errors.kind}
              placeholder="--"
              options={CHANNEL_KINDS.map((k) => ({ value: k, label: kindText(k) }))}
            />
          )}
          {text('url', t('notify.url'), { placeholder: 'https://', spellCheck: false })}
          {text('secret', t('notify.secret'), { hint: secretHint, spellCheck: false })}
          {form.kind === 'email' && (
            <div className="grid grid-cols-[1fr_7rem] gap-x-3">
              {text('host', t('notify.smtpHost'), { spellCheck: false })}
              {text('port', t('notify.smtpPort'), { type: 'number' })}
            </div>
          )}
          {shows('security') && (
            <ChoiceField
              label={t('notify.smtpSecurity')}
              name="security"
              value={form.security}
              onChange={set('security')}
              options={SMTP_SECURITY.map((s) => ({ value: s, label: s === 'none' ? t('notify.none') : SECURITY_TEXT[s] }))}
            />
          )}
          {form.kind === 'email' && (
            <div className="grid grid-cols-2 gap-x-3">
              {text('user', t('notify.smtpUser'))}
              {text('pass', t('notify.smtpPassword'), { type: 'password', autoComplete: 'new-password', hint: secretHint })}
            </div>
          )}
          {text('from', t('notify.smtpFrom'), { type: 'email' })}
          {shows('to') && (
            <AreaField
              label={t('notify.emailTo')}
              name="to"
              value={form.to}
              onChange={(e) => set('to')(e.target.value)}
              error={errors.to}
              hint={t('notify.listHint')}
            />
          )}
          {shows('method') && (
            <ChoiceField
              label={t('notify.smsMethod')}
              name="method"
              value={form.method}
              onChange={set('method')}
              options={SMS_METHODS.map((m) => ({ value: m, label: m }))}
            />
          )}
          {shows('headers') && (
            <AreaField
              label={t('notify.smsHeaders')}
              name="headers"
              value={form.headers}
              onChange={(e) => set('headers')(e.target.value)}
              hint={editing ? t('notify.secretKept') : undefined}
              spellCheck={false}
            />
          )}
          {shows('bodyTemplate') && (
            <AreaField
              label={t('notify.smsBody')}
              name="bodyTemplate"
              rows={3}
              value={form.bodyTemplate}
              onChange={(e) => set('bodyTemplate')(e.target.value)}
              hint={t('notify.smsHint', { phone: '{phone}', content: '{content}' })}
              spellCheck={false}
            />
          )}
          {shows('phones') && (
            <AreaField
              label={t('notify.smsPhones')}
              name="phones"
              value={form.phones}
              onChange={(e) => set('phones')(e.target.value)}
              hint={t('notify.listHint')}
            />
          )}
          <label className="mb-3 flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              name="enabled"
              checked={form.enabled}
              onChange={(e) => setForm((f) => ({ ...f, enabled: e.target.checked }))}
              className="h-4 w-4 accent-[var(--vg-brand)]"
            />
            {t('notify.enabled')}
          </label>
        </div>
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

import type { TenantDto } from '../../../domain/schemas/auth';
import { CHANNEL_KINDS, SMS_METHODS, SMTP_SECURITY, type ChannelDto } from '../../../domain/schemas/notify';
import { t, useLanguage } from '../../app/i18n/i18n';
import { Modal } from '../../app/ui/Modal';
import { FormActions } from '../../app/ui/form/FormActions';
import { FormCheckbox, FormSelectField, FormTextField } from '../../app/ui/form/FormFields';
import { TenantField } from '../../app/ui/form/TenantField';
import { useFormDialog } from '../../app/ui/form/useFormDialog';
import { checkedBy } from '../../app/widgets/formErrors';
import { AreaField } from './AreaField';
import { ChoiceField } from '../../app/ui/ChoiceField';
import { EMPTY_CHANNEL, KIND_FIELDS, channelBody, channelFormOf, checkChannel, type ChannelForm } from './channelForm';
import { notifyApi } from './notifyApi';
import { kindText } from './notifyText';

const SECURITY_TEXT = { tls: 'TLS', starttls: 'STARTTLS' } as const;

/** the one-line and the multi-line text fields of the kinds */
type TextKey = 'url' | 'secret' | 'host' | 'port' | 'user' | 'pass' | 'from';
type AreaKey = 'to' | 'headers' | 'bodyTemplate' | 'phones';
/** the fields chosen from a fixed list */
type ChoiceKey = 'security' | 'method';

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
  const pickTenant = !editing && tenants.length > 1;
  const form = useFormDialog({
    open,
    initial: () => (editing ? channelFormOf(editing) : EMPTY_CHANNEL),
    resetOn: [editing],
    validate: (f) => checkedBy(checkChannel(f, pickTenant), f),
    submit: (f) => {
      const body = channelBody(f);
      return editing
        ? notifyApi.updateChannel(editing.id, { name: body.name, config: body.config, enabled: body.enabled })
        : notifyApi.createChannel(body);
    },
    // a change answers the field's error
    answers: true,
    onSaved,
  });
  const { draft } = form;
  const shows = (key: keyof ChannelForm) => !!draft.kind && KIND_FIELDS[draft.kind].includes(key);
  const text = (
    key: TextKey,
    label: string,
    extra: Partial<React.InputHTMLAttributes<HTMLInputElement>> & { hint?: string | undefined } = {},
  ) => shows(key) && <FormTextField label={label} field={form.field(key)} autoComplete="off" {...extra} />;
  const choice = <K extends ChoiceKey>(key: K, label: string, options: readonly { value: ChannelForm[K]; label: string }[]) =>
    shows(key) && (
      <ChoiceField<ChannelForm[K]> label={label} name={key} value={draft[key]} onChange={(v) => form.set(key, v)} options={options} />
    );
  const area = (
    key: AreaKey,
    label: string,
    extra: Partial<React.TextareaHTMLAttributes<HTMLTextAreaElement>> & { hint?: string | undefined },
  ) => {
    const field = form.field(key);
    return (
      shows(key) && (
        <AreaField
          label={label}
          name={key}
          value={field.value}
          onChange={(e) => field.onChange(e.target.value)}
          error={field.error}
          {...extra}
        />
      )
    );
  };
  const secretHint = editing ? t('notify.secretKept') : undefined;

  return (
    <Modal open={open} onClose={onClose} title={t(editing ? 'notify.channelEdit' : 'notify.channelCreate')} width={520}>
      <form {...form.formProps} data-testid="channel-form">
        <div className="max-h-[65vh] overflow-auto pr-1">
          {pickTenant && <TenantField field={form.field('tenantId')} tenants={tenants} />}
          <FormTextField label={t('notify.channelName')} field={form.field('name')} autoComplete="off" />
          {editing ? (
            <p className="mb-3 text-sm">
              <span className="mb-1 block text-muted">{t('notify.kind')}</span>
              {kindText(editing.kind)}
            </p>
          ) : (
            <FormSelectField
              label={t('notify.kind')}
              field={form.field('kind')}
              placeholder="--"
              options={CHANNEL_KINDS.map((k) => ({ value: k, label: kindText(k) }))}
            />
          )}
          {text('url', t('notify.url'), { placeholder: 'https://', spellCheck: false })}
          {text('secret', t('notify.secret'), { hint: secretHint, spellCheck: false })}
          {draft.kind === 'email' && (
            <div className="grid grid-cols-[1fr_7rem] gap-x-3">
              {text('host', t('notify.smtpHost'), { spellCheck: false })}
              {text('port', t('notify.smtpPort'), { type: 'number' })}
            </div>
          )}
          {choice(
            'security',
            t('notify.smtpSecurity'),
            SMTP_SECURITY.map((s) => ({ value: s, label: s === 'none' ? t('notify.none') : SECURITY_TEXT[s] })),
          )}
          {draft.kind === 'email' && (
            <div className="grid grid-cols-2 gap-x-3">
              {text('user', t('notify.smtpUser'))}
              {text('pass', t('notify.smtpPassword'), { type: 'password', autoComplete: 'new-password', hint: secretHint })}
            </div>
          )}
          {text('from', t('notify.smtpFrom'), { type: 'email' })}
          {area('to', t('notify.emailTo'), { hint: t('notify.listHint') })}
          {choice(
            'method',
            t('notify.smsMethod'),
            SMS_METHODS.map((m) => ({ value: m, label: m })),
          )}
          {area('headers', t('notify.smsHeaders'), { hint: secretHint, spellCheck: false })}
          {area('bodyTemplate', t('notify.smsBody'), {
            rows: 3,
            hint: t('notify.smsHint', { phone: '{phone}', content: '{content}' }),
            spellCheck: false,
          })}
          {area('phones', t('notify.smsPhones'), { hint: t('notify.listHint') })}
          <FormCheckbox field={form.field('enabled')} label={t('notify.enabled')} />
        </div>
        <FormActions onClose={onClose} busy={form.busy} />
      </form>
    </Modal>
  );
}

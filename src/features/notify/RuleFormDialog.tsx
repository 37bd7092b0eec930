import { EVENT_TYPE } from '../../../domain/enums';
import { COMM_LOSS_EVENT_TYPE } from '../../../domain/measures';
import { NOTIFY_LEVELS, type RuleDto } from '../../../domain/schemas/notify';
import { LevelMark } from '../../app/alarm/AlarmMark';
import { localizeMessage } from '../../app/i18n/domainText';
import { t, useLanguage } from '../../app/i18n/i18n';
import { Modal } from '../../app/ui/Modal';
import { FormActions } from '../../app/ui/form/FormActions';
import { FormCheckbox, FormTextField } from '../../app/ui/form/FormFields';
import { TenantField } from '../../app/ui/form/TenantField';
import { useFormDialog } from '../../app/ui/form/useFormDialog';
import { checkedBy } from '../../app/widgets/formErrors';
import { typeLabel } from '../alarmEvent/eventText';
import { ChipGroup } from './ChipGroup';
import { notifyApi } from './notifyApi';
import type { RuleChoices } from './ruleChoices';
import { EMPTY_RULE, checkRule, ruleBody, ruleFormOf, type RuleForm } from './ruleForm';

/** Spec §3 EVENT_TYPE and the communication-loss episodes, as the event list filters them. */
const TYPE_IDS = [...EVENT_TYPE.list.map((e) => e.id), COMM_LOSS_EVENT_TYPE];

/** which error a field's change answers, where it is not the field's own */
const ERROR_OF: Partial<Record<keyof RuleForm, string>> = {
  channelIds: 'recipients',
  userIds: 'recipients',
  quietFrom: 'quiet',
  quietTo: 'quiet',
};

const timeInput =
  'w-20 rounded border border-line bg-surface-2 px-2 py-1 text-ink tabular-nums outline-none focus:border-brand disabled:opacity-50';

/** Creates or edits a rule: which alarms (projects, levels, types) go to which channels and users, and when. */
export function RuleFormDialog({
  open,
  editing,
  choices,
  onClose,
  onSaved,
}: {
  open: boolean;
  editing: RuleDto | undefined;
  choices: RuleChoices;
  onClose: () => void;
  onSaved: () => void;
}) {
  useLanguage();
  // A caller serving several tenants names the rule's tenant; its channels and users are that tenant's.
  const pickTenant = !editing && choices.tenants.length > 1;
  const form = useFormDialog({
    open,
    initial: () => (editing ? ruleFormOf(editing) : EMPTY_RULE),
    resetOn: [editing],
    validate: (f) => checkedBy(checkRule(f, pickTenant), f),
    submit: (f) => {
      const { tenantId: _fixed, ...body } = ruleBody(f);
      return editing ? notifyApi.updateRule(editing.id, body) : notifyApi.createRule(ruleBody(f));
    },
    // a change answers the field's error, or the one it shares with another field
    answers: ERROR_OF,
    onSaved,
  });
  const { draft } = form;
  const inTenant = <T extends { tenantId: number }>(list: readonly T[]) =>
    choices.tenants.length > 1 ? list.filter((x) => String(x.tenantId) === draft.tenantId) : list;
  const chips = (key: 'projectIds' | 'levels' | 'types' | 'channelIds' | 'userIds') => ({
    value: draft[key],
    onChange: (v: number[]) => form.set(key, v),
  });
  const time = (key: 'quietFrom' | 'quietTo') => (
    <input
      // text, not type=time: the browser would show its own 12-hour clock (10:00 PM)
      inputMode="numeric"
      placeholder="HH:mm"
      maxLength={5}
      name={key}
      value={draft[key]}
      disabled={!draft.quiet}
      onChange={(e) => form.set(key, e.target.value)}
      className={timeInput}
    />
  );

  return (
    <Modal open={open} onClose={onClose} title={t(editing ? 'notify.ruleEdit' : 'notify.ruleCreate')} width={640}>
      <form {...form.formProps} data-testid="rule-form">
        <div className="max-h-[70vh] overflow-auto pr-1">
          {pickTenant && <TenantField field={form.field('tenantId', { channelIds: [], userIds: [] })} tenants={choices.tenants} />}
          <FormTextField label={t('notify.ruleName')} field={form.field('name')} autoComplete="off" />
          <ChipGroup
            label={t('notify.projects')}
            testId="rule-projects"
            allLabel={t('notify.allProjects')}
            options={choices.projects.map((p) => ({ id: p.id, label: p.name }))}
            {...chips('projectIds')}
          />
          <ChipGroup
            label={t('notify.levels')}
            testId="rule-levels"
            options={NOTIFY_LEVELS.map((id) => ({ id, label: <LevelMark level={id} /> }))}
            {...chips('levels')}
            error={form.errors.levels}
          />
          <ChipGroup
            label={t('notify.types')}
            testId="rule-types"
            allLabel={t('notify.allTypes')}
            options={TYPE_IDS.map((id) => ({ id, label: typeLabel(id) }))}
            {...chips('types')}
          />
          <ChipGroup
            label={t('notify.channels')}
            testId="rule-channels"
            options={inTenant(choices.channels).map((c) => ({ id: c.id, label: c.name }))}
            {...chips('channelIds')}
            error={form.errors.recipients}
          />
          {inTenant(choices.users).length > 0 && (
            <ChipGroup
              label={t('notify.users')}
              testId="rule-users"
              options={inTenant(choices.users).map((u) => ({ id: u.id, label: u.name }))}
              {...chips('userIds')}
            />
          )}
          <FormCheckbox field={form.field('sendEnd')} label={t('notify.sendEnd')} />
          <FormCheckbox field={form.field('enabled')} label={t('notify.enabled')} />
          <fieldset className="mb-3 text-sm">
            <legend className="sr-only">{t('notify.quietHours')}</legend>
            <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
              <label className="flex items-center gap-2">
                <input
                  type="checkbox"
                  name="quiet"
                  checked={draft.quiet}
                  onChange={(e) => form.set('quiet', e.target.checked)}
                  className="h-4 w-4 accent-[var(--vg-brand)]"
                />
                {t('notify.quietHours')}
              </label>
              <label className="flex items-center gap-1">
                <span className="text-muted">{t('notify.quietFrom')}</span>
                {time('quietFrom')}
              </label>
              <label className="flex items-center gap-1">
                <span className="text-muted">{t('notify.quietTo')}</span>
                {time('quietTo')}
              </label>
            </div>
            {form.errors.quiet ? (
              <span className="mt-1 block text-xs text-danger" role="alert">
                {localizeMessage(form.errors.quiet)}
              </span>
            ) : (
              <span className="mt-1 block text-xs text-muted">{t('notify.quietHint')}</span>
            )}
          </fieldset>
        </div>
        <FormActions onClose={onClose} busy={form.busy} />
      </form>
    </Modal>
  );
}

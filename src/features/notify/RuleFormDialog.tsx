import { useEffect, useState } from 'react';
import { EVENT_TYPE } from '../../../domain/enums';
import { COMM_LOSS_EVENT_TYPE } from '../../../domain/measures';
import { NOTIFY_LEVELS, type RuleDto } from '../../../domain/schemas/notify';
import { LevelMark } from '../../app/alarm/AlarmMark';
import { localizeMessage } from '../../app/i18n/domainText';
import { t, useLanguage } from '../../app/i18n/i18n';
import { Button, Modal, TextField } from '../../app/ui/Modal';
import { SelectField } from '../../app/widgets/SelectField';
import { toastSuccess } from '../../app/ui/toastStore';
import type { FieldErrors } from '../../app/widgets/formErrors';
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
  const [form, setForm] = useState<RuleForm>(EMPTY_RULE);
  const [errors, setErrors] = useState<FieldErrors>({});
  useEffect(() => {
    if (!open) return;
    setForm(editing ? ruleFormOf(editing) : EMPTY_RULE);
    setErrors({});
  }, [open, editing]);
  const set =
    <K extends keyof RuleForm>(key: K) =>
    (value: RuleForm[K]) => {
      setForm((f) => ({ ...f, [key]: value }));
      // a change answers the field's error
      const errorKey = ERROR_OF[key] ?? key;
      setErrors(({ [errorKey]: _answered, ...rest }) => rest);
    };

  // A caller serving several tenants names the rule's tenant; its channels and users are that tenant's.
  const pickTenant = !editing && choices.tenants.length > 1;
  const inTenant = <T extends { tenantId: number }>(list: readonly T[]) =>
    choices.tenants.length > 1 ? list.filter((x) => String(x.tenantId) === form.tenantId) : list;

  const submit = async () => {
    const found = checkRule(form, pickTenant);
    setErrors(found);
    if (Object.keys(found).length) return;
    const { tenantId: _fixed, ...body } = ruleBody(form);
    const saved = await (editing ? notifyApi.updateRule(editing.id, body) : notifyApi.createRule(ruleBody(form))).then(
      () => true,
      () => false,
    );
    if (!saved) return;
    toastSuccess(t('table.saveSuccess'));
    onSaved();
  };

  return (
    <Modal open={open} onClose={onClose} title={t(editing ? 'notify.ruleEdit' : 'notify.ruleCreate')} width={640}>
      <form onSubmit={(e) => (e.preventDefault(), void submit())} noValidate data-testid="rule-form">
        <div className="max-h-[70vh] overflow-auto pr-1">
          {pickTenant && (
            <SelectField
              label={t('users.tenant')}
              name="tenantId"
              value={form.tenantId}
              onChange={(v) => {
                set('tenantId')(v);
                setForm((f) => ({ ...f, channelIds: [], userIds: [] }));
              }}
              error={errors.tenantId}
              placeholder="--"
              options={choices.tenants.map((x) => ({ value: String(x.id), label: x.name }))}
            />
          )}
          <TextField
            label={t('notify.ruleName')}
            name="name"
            value={form.name}
            onChange={(e) => set('name')(e.target.value)}
            error={errors.name}
            autoComplete="off"
          />
          <ChipGroup
            label={t('notify.projects')}
            testId="rule-projects"
            allLabel={t('notify.allProjects')}
            options={choices.projects.map((p) => ({ id: p.id, label: p.name }))}
            value={form.projectIds}
            onChange={set('projectIds')}
          />
          <ChipGroup
            label={t('notify.levels')}
            testId="rule-levels"
            options={NOTIFY_LEVELS.map((id) => ({ id, label: <LevelMark level={id} /> }))}
            value={form.levels}
            onChange={set('levels')}
            error={errors.levels}
          />
          <ChipGroup
            label={t('notify.types')}
            testId="rule-types"
            allLabel={t('notify.allTypes')}
            options={TYPE_IDS.map((id) => ({ id, label: typeLabel(id) }))}
            value={form.types}
            onChange={set('types')}
          />
          <ChipGroup
            label={t('notify.channels')}
            testId="rule-channels"
            options={inTenant(choices.channels).map((c) => ({ id: c.id, label: c.name }))}
            value={form.channelIds}
            onChange={set('channelIds')}
            error={errors.recipients}
          />
          {inTenant(choices.users).length > 0 && (
            <ChipGroup
              label={t('notify.users')}
              testId="rule-users"
              options={inTenant(choices.users).map((u) => ({ id: u.id, label: u.name }))}
              value={form.userIds}
              onChange={set('userIds')}
            />
          )}
          <label className="mb-3 flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              name="sendEnd"
              checked={form.sendEnd}
              onChange={(e) => set('sendEnd')(e.target.checked)}
              className="h-4 w-4 accent-[var(--vg-brand)]"
            />
            {t('notify.sendEnd')}
          </label>
          <label className="mb-3 flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              name="enabled"
              checked={form.enabled}
              onChange={(e) => set('enabled')(e.target.checked)}
              className="h-4 w-4 accent-[var(--vg-brand)]"
            />
            {t('notify.enabled')}
          </label>
          <fieldset className="mb-3 text-sm">
            <legend className="sr-only">{t('notify.quietHours')}</legend>
            <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
              <label className="flex items-center gap-2">
                <input
                  type="checkbox"
                  name="quiet"
                  checked={form.quiet}
                  onChange={(e) => set('quiet')(e.target.checked)}
                  className="h-4 w-4 accent-[var(--vg-brand)]"
                />
                {t('notify.quietHours')}
              </label>
              <label className="flex items-center gap-1">
                <span className="text-muted">{t('notify.quietFrom')}</span>
                <input
                  // text, not type=time: the browser would show its own 12-hour clock (10:00 PM)
                  inputMode="numeric"
                  placeholder="HH:mm"
                  maxLength={5}
                  name="quietFrom"
                  value={form.quietFrom}
                  disabled={!form.quiet}
                  onChange={(e) => set('quietFrom')(e.target.value)}
                  className={timeInput}
                />
              </label>
              <label className="flex items-center gap-1">
                <span className="text-muted">{t('notify.quietTo')}</span>
                <input
                  // text, not type=time: the browser would show its own 12-hour clock (10:00 PM)
                  inputMode="numeric"
                  placeholder="HH:mm"
                  maxLength={5}
                  name="quietTo"
                  value={form.quietTo}
                  disabled={!form.quiet}
                  onChange={(e) => set('quietTo')(e.target.value)}
                  className={timeInput}
                />
              </label>
            </div>
            {errors.quiet ? (
              <span className="mt-1 block text-xs text-danger" role="alert">
                {localizeMessage(errors.quiet)}
              </span>
            ) : (
              <span className="mt-1 block text-xs text-muted">{t('notify.quietHint')}</span>
            )}
          </fieldset>
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

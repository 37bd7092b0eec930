import type { ReactNode } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  PAGE_SIZES,
  type SettingProjectDto,
  type SettingRoleDto,
  type SystemSettingDto,
  type SystemSettings,
} from '../../../domain/schemas/info';
import { api } from '../../app/api/client';
import { queryKeys } from '../../app/api/queryKeys';
import { t, useLanguage, type MessageKey } from '../../app/i18n/i18n';
import { durationText } from '../../app/i18n/durationText';
import { Button } from '../../app/ui/Modal';
import { FormSelectField, FormTextField } from '../../app/ui/form/FormFields';
import { useFormDialog, type FieldBinding } from '../../app/ui/form/useFormDialog';
import { settingsChanged } from '../../app/settings/settingsStore';
import { formatTime } from '../../app/time/projectTime';
import { EarlyWarningProjects } from './EarlyWarningProjects';
import { checkSettings, settingsDraft, type SettingsDraft } from './settingsForm';

/** The seconds typed for a level, said back as people read them ("即 5 分钟", "即 1 分 30 秒"); empty or 0 is off. */
function escalationHint(value: string): string | undefined {
  const seconds = Number(value || 0);
  if (!Number.isFinite(seconds) || seconds < 0) return undefined;
  return seconds === 0 ? t('system.escalateOff') : t('system.escalateAfter', { duration: durationText(seconds) });
}

/** Every zone Intl knows, the project's current one first when it is missing from the list. */
const ZONES: readonly string[] = Intl.supportedValuesOf('timeZone');

/** The three per-level settings of a section (escalation seconds, work-order hours), with their labels. */
type LevelKeys = readonly (readonly [keyof SystemSettings & string, MessageKey])[];
const ESCALATION: LevelKeys = [
  ['escalateAccidentSeconds', 'system.escalateAccident'],
  ['escalateAlarmSeconds', 'system.escalateAlarm'],
  ['escalateWarningSeconds', 'system.escalateWarning'],
];
const ORDER_DUE: LevelKeys = [
  ['orderDueAccidentHours', 'system.orderDueAccident'],
  ['orderDueAlarmHours', 'system.orderDueAlarm'],
  ['orderDueWarningHours', 'system.orderDueWarning'],
];

/** A 开/关 select of a setting that is on or off. */
function SwitchField({ label, field }: { label: string; field: FieldBinding<string> }) {
  const options = [
    { value: 'true', label: t('system.on') },
    { value: 'false', label: t('system.off') },
  ];
  return <FormSelectField label={label} field={field} placeholder="--" options={options} />;
}

/** A titled group of settings in three columns, with a line saying what they do. */
function Section({ title, hint, testId, children }: { title: MessageKey; hint?: MessageKey; testId: string; children: ReactNode }) {
  return (
    <fieldset className="col-span-2 mt-2 grid grid-cols-3 gap-x-6 border-t border-line pt-3" data-testid={testId}>
      <legend className="pr-2 text-sm font-semibold">{t(title)}</legend>
      {hint && <p className="col-span-3 mb-2 text-xs text-muted">{t(hint)}</p>}
      {children}
    </fieldset>
  );
}

/** System settings of the caller's tenant: read with system/setting, saved with system/setting/save. */
export function SettingsPanel() {
  useLanguage();
  const saved = useQuery({
    queryKey: queryKeys.systemSetting.saved(),
    queryFn: () => api.post<SystemSettingDto>('/wisdompower/v1/system/setting', {}),
  });
  const roles = useQuery({
    queryKey: queryKeys.systemSetting.roles(),
    queryFn: () => api.post<SettingRoleDto[]>('/wisdompower/v1/system/setting/roles', {}, { quiet: true }),
  });
  const projects = useQuery({
    queryKey: queryKeys.systemSetting.projects(),
    queryFn: () => api.post<SettingProjectDto[]>('/wisdompower/v1/system/setting/projects', {}, { quiet: true }),
  });
  if (!saved.data) return null;
  return <SettingsForm saved={saved.data} roles={roles.data ?? []} projects={projects.data ?? []} />;
}

function SettingsForm({
  saved,
  roles,
  projects,
}: {
  saved: SystemSettingDto;
  roles: readonly SettingRoleDto[];
  projects: readonly SettingProjectDto[];
}) {
  const client = useQueryClient();
  const form = useFormDialog<SettingsDraft, SystemSettings, SystemSettingDto>({
    open: true,
    // the saved settings, and again whenever a save (or a new read) answers with others
    initial: () => settingsDraft(saved),
    resetOn: [saved],
    validate: checkSettings,
    submit: (settings) => api.post<SystemSettingDto>('/wisdompower/v1/system/setting/save', { tenantId: saved.tenantId, settings }),
    onSaved: (dto) => {
      client.setQueryData(queryKeys.systemSetting.saved(), dto);
      // In force at once here; other consoles hear it over the socket.
      settingsChanged();
    },
  });
  const { draft, field, errors } = form;
  const levelFields = (keys: LevelKeys, props: { min: number; hint?: (value: string) => string | undefined }) =>
    keys.map(([key, label]) => (
      <FormTextField key={key} label={t(label)} field={field(key)} type="number" min={props.min} hint={props.hint?.(draft[key])} />
    ));
  // a saved role this user cannot list any more is still shown by its number
  const roleGone = draft.escalateRoleId !== '0' && !roles.some((r) => String(r.id) === draft.escalateRoleId);

  return (
    <form
      className="grid max-w-3xl grid-cols-2 gap-x-6 rounded-lg border border-line bg-surface p-5"
      {...form.formProps}
      data-testid="settings-form"
    >
      <FormTextField label={t('system.platformName')} field={field('platformName')} />
      <FormTextField label={t('system.contactPhone')} field={field('contactPhone')} placeholder="010-88888888-123" />
      <SwitchField label={t('system.alarmSound')} field={field('alarmSound')} />
      <SwitchField label={t('system.singleWebSession')} field={field('singleWebSession')} />
      <FormSelectField
        label={t('system.tablePageSize')}
        field={field('tablePageSize')}
        placeholder="--"
        options={PAGE_SIZES.map((n) => ({ value: String(n), label: String(n) }))}
      />
      <FormTextField label={t('system.alarmAutoDisplay')} field={field('alarmAutoDisplaySeconds')} type="number" />
      <FormTextField label={t('system.realtimeRefresh')} field={field('realtimeRefreshSeconds')} type="number" />
      <FormSelectField
        label={t('system.timeZone')}
        field={field('timeZone')}
        placeholder="--"
        dataOptions
        options={(ZONES.includes(draft.timeZone) ? ZONES : [draft.timeZone, ...ZONES]).map((z) => ({ value: z, label: z }))}
      />
      <Section title="system.sectionEscalation" hint="system.escalationHint" testId="settings-escalation">
        {levelFields(ESCALATION, { min: 0, hint: escalationHint })}
        <FormSelectField
          label={t('system.escalateRole')}
          field={field('escalateRoleId')}
          placeholder="--"
          options={[
            { value: '0', label: t('system.escalateRoleNone') },
            ...roles.map((r) => ({ value: String(r.id), label: r.name })),
            ...(roleGone ? [{ value: draft.escalateRoleId, label: `#${draft.escalateRoleId}` }] : []),
          ]}
        />
      </Section>
      <Section title="system.sectionFlood" hint="system.floodHint" testId="settings-flood">
        <FormTextField label={t('system.floodThreshold')} field={field('floodThreshold')} type="number" min={2} />
        <FormTextField label={t('system.floodWindow')} field={field('floodWindowSeconds')} type="number" min={5} />
      </Section>
      <Section title="system.sectionEarlyWarning" hint="system.earlyWarningHint" testId="settings-early-warning">
        <SwitchField label={t('system.earlyWarningTrend')} field={field('earlyWarningTrend')} />
        <SwitchField label={t('system.earlyWarningDeparture')} field={field('earlyWarningDeparture')} />
        <FormTextField label={t('system.earlyWarningHorizon')} field={field('earlyWarningHorizonDays')} type="number" min={1} max={30} />
        <EarlyWarningProjects
          projects={projects}
          value={draft.perProject}
          defaultDays={draft.earlyWarningHorizonDays}
          onChange={(id, next) => form.set('perProject', new Map(draft.perProject).set(id, next))}
          error={errors.earlyWarningProjectHorizons ?? errors.earlyWarningOffProjects}
        />
      </Section>
      <Section title="system.sectionOrders" testId="settings-orders">
        {levelFields(ORDER_DUE, { min: 1 })}
        <div className="col-span-3">
          <FormTextField label={t('system.orderCauses')} field={field('orderCauses')} hint={t('system.orderCausesHint')} />
        </div>
        <div className="col-span-3">
          <FormTextField label={t('system.shifts')} field={field('shifts')} hint={t('system.shiftsHint')} />
        </div>
      </Section>
      <div className="col-span-2">
        <FormTextField label={t('system.remark')} field={field('remark')} />
      </div>
      <div className="col-span-2 flex items-center justify-between">
        <span className="text-xs text-muted">
          {t('system.updatedAt')}
          {t('punct.colon')}
          {saved.updatedAt ? formatTime(saved.updatedAt) : t('system.neverSaved')}
        </span>
        <Button kind="primary" type="submit" disabled={form.busy}>
          {t('common.save')}
        </Button>
      </div>
    </form>
  );
}

import { useEffect, useState } from 'react';
import {
  PAGE_SIZES,
  systemSettingsSchema,
  type SettingProjectDto,
  type SettingRoleDto,
  type SystemSettingDto,
  type SystemSettings,
} from '../../../domain/schemas/info';
import { api } from '../../app/api/client';
import { t, useLanguage } from '../../app/i18n/i18n';
import { Button, TextField } from '../../app/ui/Modal';
import { toastSuccess } from '../../app/ui/toastStore';
import { SelectField } from '../../app/widgets/SelectField';
import { validateForm, type FieldErrors } from '../../app/widgets/formErrors';
import { settingsChanged } from '../../app/settings/settingsStore';
import { formatTime } from '../../app/time/projectTime';
import { durationText } from '../../app/i18n/durationText';
import { parseShiftsText, shiftsText } from '../../../domain/shifts';
import { EarlyWarningProjects, projectRows, projectSettings, type ProjectEarlyWarning } from './EarlyWarningProjects';

/** The seconds typed for a level, said back as people read them ("即 5 分钟", "即 1 分 30 秒"); empty or 0 is off. */
function escalationHint(value: string): string | undefined {
  const seconds = Number(value || 0);
  if (!Number.isFinite(seconds) || seconds < 0) return undefined;
  return seconds === 0 ? t('system.escalateOff') : t('system.escalateAfter', { duration: durationText(seconds) });
}

/** Every zone Intl knows, the project's current one first when it is missing from the list. */
const ZONES: readonly string[] = Intl.supportedValuesOf('timeZone');

/** System settings of the caller's tenant: read with system/setting, saved with system/setting/save. */
export function SettingsPanel() {
  useLanguage();
  const [loaded, setLoaded] = useState<SystemSettingDto | null>(null);
  const [form, setForm] = useState<Record<keyof SystemSettings, string>>();
  const [errors, setErrors] = useState<FieldErrors>({});
  const [roles, setRoles] = useState<SettingRoleDto[]>([]);
  const [projects, setProjects] = useState<SettingProjectDto[]>([]);
  const [perProject, setPerProject] = useState<ReadonlyMap<number, ProjectEarlyWarning>>(new Map());

  const apply = (dto: SystemSettingDto) => {
    setLoaded(dto);
    setPerProject(projectRows(dto.settings.earlyWarningOffProjects, dto.settings.earlyWarningProjectHorizons));
    setForm(
      Object.fromEntries(
        Object.entries(dto.settings).map(([k, v]) => [
          k,
          k === 'shifts' ? shiftsText(dto.settings.shifts) : Array.isArray(v) && k === 'orderCauses' ? v.join('、') : String(v),
        ]),
      ) as Record<keyof SystemSettings, string>,
    );
  };
  useEffect(() => {
    api.post<SystemSettingDto>('/wisdompower/v1/system/setting', {}).then(apply, () => {});
    api.post<SettingRoleDto[]>('/wisdompower/v1/system/setting/roles', {}, { quiet: true }).then(setRoles, () => {});
    api.post<SettingProjectDto[]>('/wisdompower/v1/system/setting/projects', {}, { quiet: true }).then(setProjects, () => {});
  }, []);
  if (!form || !loaded) return null;

  const set = (k: keyof SystemSettings) => (v: string) => setForm({ ...form, [k]: v });
  const save = async () => {
    const candidate = {
      ...form,
      alarmSound: form.alarmSound === 'true',
      singleWebSession: form.singleWebSession === 'true',
      alarmAutoDisplaySeconds: Number(form.alarmAutoDisplaySeconds),
      realtimeRefreshSeconds: Number(form.realtimeRefreshSeconds),
      tablePageSize: Number(form.tablePageSize),
      // An empty time field means "no escalation" for that level (0).
      escalateAccidentSeconds: Number(form.escalateAccidentSeconds || 0),
      escalateAlarmSeconds: Number(form.escalateAlarmSeconds || 0),
      escalateWarningSeconds: Number(form.escalateWarningSeconds || 0),
      escalateRoleId: Number(form.escalateRoleId || 0),
      floodThreshold: Number(form.floodThreshold),
      floodWindowSeconds: Number(form.floodWindowSeconds),
      earlyWarningTrend: form.earlyWarningTrend === 'true',
      earlyWarningDeparture: form.earlyWarningDeparture === 'true',
      earlyWarningHorizonDays: Number(form.earlyWarningHorizonDays),
      // the projects left out and their own horizons, from the per-project table
      ...projectSettings(perProject),
      // work orders (issue 29): hours per level, the causes separated by 、 or a comma
      orderDueAccidentHours: Number(form.orderDueAccidentHours),
      orderDueAlarmHours: Number(form.orderDueAlarmHours),
      orderDueWarningHours: Number(form.orderDueWarningHours),
      orderCauses: form.orderCauses
        .split(/[、,，]/)
        .map((c) => c.trim())
        .filter(Boolean),
      // 交接班 (issue 29): 白班 08:00-20:00、夜班 20:00-08:00
      shifts: parseShiftsText(form.shifts),
    };
    const v = validateForm(systemSettingsSchema, candidate);
    if (!v.ok) return setErrors(v.errors);
    setErrors({});
    const dto = await api
      .post<SystemSettingDto>('/wisdompower/v1/system/setting/save', { tenantId: loaded.tenantId, settings: v.data })
      .catch(() => null);
    if (!dto) return;
    apply(dto);
    // In force at once here; other consoles hear it over the socket.
    settingsChanged();
    toastSuccess(t('table.saveSuccess'));
  };

  return (
    <form
      className="grid max-w-3xl grid-cols-2 gap-x-6 rounded-lg border border-line bg-surface p-5"
      onSubmit={(e) => (e.preventDefault(), void save())}
      noValidate
      data-testid="settings-form"
    >
      <TextField
        label={t('system.platformName')}
        name="platformName"
        value={form.platformName}
        onChange={(e) => set('platformName')(e.target.value)}
        error={errors.platformName}
      />
      <TextField
        label={t('system.contactPhone')}
        name="contactPhone"
        value={form.contactPhone}
        onChange={(e) => set('contactPhone')(e.target.value)}
        error={errors.contactPhone}
        placeholder="010-88888888-123"
      />
      <SelectField
        label={t('system.alarmSound')}
        name="alarmSound"
        value={form.alarmSound}
        onChange={set('alarmSound')}
        placeholder="--"
        options={[
          { value: 'true', label: t('system.on') },
          { value: 'false', label: t('system.off') },
        ]}
      />
      <SelectField
        label={t('system.singleWebSession')}
        name="singleWebSession"
        value={form.singleWebSession}
        onChange={set('singleWebSession')}
        placeholder="--"
        options={[
          { value: 'true', label: t('system.on') },
          { value: 'false', label: t('system.off') },
        ]}
      />
      <SelectField
        label={t('system.tablePageSize')}
        name="tablePageSize"
        value={form.tablePageSize}
        onChange={set('tablePageSize')}
        placeholder="--"
        error={errors.tablePageSize}
        options={PAGE_SIZES.map((n) => ({ value: String(n), label: String(n) }))}
      />
      <TextField
        label={t('system.alarmAutoDisplay')}
        name="alarmAutoDisplaySeconds"
        type="number"
        value={form.alarmAutoDisplaySeconds}
        onChange={(e) => set('alarmAutoDisplaySeconds')(e.target.value)}
        error={errors.alarmAutoDisplaySeconds}
      />
      <TextField
        label={t('system.realtimeRefresh')}
        name="realtimeRefreshSeconds"
        type="number"
        value={form.realtimeRefreshSeconds}
        onChange={(e) => set('realtimeRefreshSeconds')(e.target.value)}
        error={errors.realtimeRefreshSeconds}
      />
      <SelectField
        label={t('system.timeZone')}
        name="timeZone"
        value={form.timeZone}
        onChange={set('timeZone')}
        placeholder="--"
        error={errors.timeZone}
        dataOptions
        options={(ZONES.includes(form.timeZone) ? ZONES : [form.timeZone, ...ZONES]).map((z) => ({ value: z, label: z }))}
      />
      <fieldset className="col-span-2 mt-2 grid grid-cols-3 gap-x-6 border-t border-line pt-3" data-testid="settings-escalation">
        <legend className="pr-2 text-sm font-semibold">{t('system.sectionEscalation')}</legend>
        <p className="col-span-3 mb-2 text-xs text-muted">{t('system.escalationHint')}</p>
        {(
          [
            ['escalateAccidentSeconds', 'system.escalateAccident'],
            ['escalateAlarmSeconds', 'system.escalateAlarm'],
            ['escalateWarningSeconds', 'system.escalateWarning'],
          ] as const
        ).map(([key, label]) => (
          <TextField
            key={key}
            label={t(label)}
            name={key}
            type="number"
            min={0}
            value={form[key]}
            onChange={(e) => set(key)(e.target.value)}
            error={errors[key]}
            hint={escalationHint(form[key])}
          />
        ))}
        <SelectField
          label={t('system.escalateRole')}
          name="escalateRoleId"
          value={form.escalateRoleId}
          onChange={set('escalateRoleId')}
          placeholder="--"
          error={errors.escalateRoleId}
          options={[
            { value: '0', label: t('system.escalateRoleNone') },
            ...roles.map((r) => ({ value: String(r.id), label: r.name })),
            // a saved role this user cannot list any more is still shown by its number
            ...(form.escalateRoleId !== '0' && !roles.some((r) => String(r.id) === form.escalateRoleId)
              ? [{ value: form.escalateRoleId, label: `#${form.escalateRoleId}` }]
              : []),
          ]}
        />
      </fieldset>
      <fieldset className="col-span-2 mt-2 grid grid-cols-3 gap-x-6 border-t border-line pt-3" data-testid="settings-flood">
        <legend className="pr-2 text-sm font-semibold">{t('system.sectionFlood')}</legend>
        <p className="col-span-3 mb-2 text-xs text-muted">{t('system.floodHint')}</p>
        <TextField
          label={t('system.floodThreshold')}
          name="floodThreshold"
          type="number"
          min={2}
          value={form.floodThreshold}
          onChange={(e) => set('floodThreshold')(e.target.value)}
          error={errors.floodThreshold}
        />
        <TextField
          label={t('system.floodWindow')}
          name="floodWindowSeconds"
          type="number"
          min={5}
          value={form.floodWindowSeconds}
          onChange={(e) => set('floodWindowSeconds')(e.target.value)}
          error={errors.floodWindowSeconds}
        />
      </fieldset>
      <fieldset className="col-span-2 mt-2 grid grid-cols-3 gap-x-6 border-t border-line pt-3" data-testid="settings-early-warning">
        <legend className="pr-2 text-sm font-semibold">{t('system.sectionEarlyWarning')}</legend>
        <p className="col-span-3 mb-2 text-xs text-muted">{t('system.earlyWarningHint')}</p>
        <SelectField
          label={t('system.earlyWarningTrend')}
          name="earlyWarningTrend"
          value={form.earlyWarningTrend}
          onChange={set('earlyWarningTrend')}
          placeholder="--"
          options={[
            { value: 'true', label: t('system.on') },
            { value: 'false', label: t('system.off') },
          ]}
        />
        <SelectField
          label={t('system.earlyWarningDeparture')}
          name="earlyWarningDeparture"
          value={form.earlyWarningDeparture}
          onChange={set('earlyWarningDeparture')}
          placeholder="--"
          options={[
            { value: 'true', label: t('system.on') },
            { value: 'false', label: t('system.off') },
          ]}
        />
        <TextField
          label={t('system.earlyWarningHorizon')}
          name="earlyWarningHorizonDays"
          type="number"
          min={1}
          max={30}
          value={form.earlyWarningHorizonDays}
          onChange={(e) => set('earlyWarningHorizonDays')(e.target.value)}
          error={errors.earlyWarningHorizonDays}
        />
        <EarlyWarningProjects
          projects={projects}
          value={perProject}
          defaultDays={form.earlyWarningHorizonDays}
          onChange={(id, next) => setPerProject(new Map(perProject).set(id, next))}
          error={errors.earlyWarningProjectHorizons ?? errors.earlyWarningOffProjects}
        />
      </fieldset>
      <fieldset className="col-span-2 mt-2 grid grid-cols-3 gap-x-6 border-t border-line pt-3" data-testid="settings-orders">
        <legend className="pr-2 text-sm font-semibold">{t('system.sectionOrders')}</legend>
        {(
          [
            ['orderDueAccidentHours', 'system.orderDueAccident'],
            ['orderDueAlarmHours', 'system.orderDueAlarm'],
            ['orderDueWarningHours', 'system.orderDueWarning'],
          ] as const
        ).map(([key, label]) => (
          <TextField
            key={key}
            label={t(label)}
            name={key}
            type="number"
            min={1}
            value={form[key]}
            onChange={(e) => set(key)(e.target.value)}
            error={errors[key]}
          />
        ))}
        <div className="col-span-3">
          <TextField
            label={t('system.orderCauses')}
            name="orderCauses"
            value={form.orderCauses}
            onChange={(e) => set('orderCauses')(e.target.value)}
            error={errors.orderCauses}
            hint={t('system.orderCausesHint')}
          />
        </div>
        <div className="col-span-3">
          <TextField
            label={t('system.shifts')}
            name="shifts"
            value={form.shifts}
            onChange={(e) => set('shifts')(e.target.value)}
            error={errors.shifts}
            hint={t('system.shiftsHint')}
          />
        </div>
      </fieldset>
      <div className="col-span-2">
        <TextField
          label={t('system.remark')}
          name="remark"
          value={form.remark}
          onChange={(e) => set('remark')(e.target.value)}
          error={errors.remark}
        />
      </div>
      <div className="col-span-2 flex items-center justify-between">
        <span className="text-xs text-muted">
          {t('system.updatedAt')}
          {t('punct.colon')}
          {loaded.updatedAt ? formatTime(loaded.updatedAt) : t('system.neverSaved')}
        </span>
        <Button kind="primary" type="submit">
          {t('common.save')}
        </Button>
      </div>
    </form>
  );
}

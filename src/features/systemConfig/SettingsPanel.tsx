import { useEffect, useState } from 'react';
import { PAGE_SIZES, systemSettingsSchema, type SystemSettingDto, type SystemSettings } from '../../../domain/schemas/info';
import { api } from '../../app/api/client';
import { t, useLanguage } from '../../app/i18n/i18n';
import { Button, TextField } from '../../app/ui/Modal';
import { toastSuccess } from '../../app/ui/toastStore';
import { SelectField } from '../../app/widgets/SelectField';
import { validateForm, type FieldErrors } from '../../app/widgets/formErrors';
import { settingsChanged } from '../../app/settings/settingsStore';
import { formatTime } from '../../app/time/projectTime';

/** Every zone Intl knows, the project's current one first when it is missing from the list. */
const ZONES: readonly string[] = Intl.supportedValuesOf('timeZone');

/** System settings of the caller's tenant: read with system/setting, saved with system/setting/save. */
export function SettingsPanel() {
  useLanguage();
  const [loaded, setLoaded] = useState<SystemSettingDto | null>(null);
  const [form, setForm] = useState<Record<keyof SystemSettings, string>>();
  const [errors, setErrors] = useState<FieldErrors>({});

  const apply = (dto: SystemSettingDto) => {
    setLoaded(dto);
    setForm(Object.fromEntries(Object.entries(dto.settings).map(([k, v]) => [k, String(v)])) as Record<keyof SystemSettings, string>);
  };
  useEffect(() => {
    api.post<SystemSettingDto>('/wisdompower/v1/system/setting', {}).then(apply, () => {});
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

import { systemSettingsSchema, type SystemSettingDto, type SystemSettings } from '../../../domain/schemas/info';
import { parseShiftsText, shiftsText } from '../../../domain/shifts';
import { validateForm, type Checked } from '../../app/widgets/formErrors';
import { projectRows, projectSettings, type ProjectEarlyWarning } from './EarlyWarningProjects';

/** 系统配置's form: every setting as its input holds it (text), and the per-project early-warning table. */
export type SettingsDraft = Record<keyof SystemSettings, string> & { perProject: ReadonlyMap<number, ProjectEarlyWarning> };

/** The settings switched on and off with a 开/关 select ('true' / 'false'). */
const SWITCHES = ['alarmSound', 'singleWebSession', 'earlyWarningTrend', 'earlyWarningDeparture'] as const;

/** The settings typed as numbers; an empty escalation time or role reads as 0, "no escalation" for that level. */
const NUMBERS = [
  'alarmAutoDisplaySeconds',
  'realtimeRefreshSeconds',
  'tablePageSize',
  'escalateAccidentSeconds',
  'escalateAlarmSeconds',
  'escalateWarningSeconds',
  'escalateRoleId',
  'floodThreshold',
  'floodWindowSeconds',
  'earlyWarningHorizonDays',
  // work orders (issue 29): hours per level
  'orderDueAccidentHours',
  'orderDueAlarmHours',
  'orderDueWarningHours',
] as const;

/** The saved settings as the form shows them: causes joined by 、, shifts as 白班 08:00-20:00、夜班 20:00-08:00. */
export function settingsDraft(dto: SystemSettingDto): SettingsDraft {
  const s = dto.settings;
  const text = Object.fromEntries(
    Object.entries(s).map(([k, v]) => [
      k,
      k === 'shifts' ? shiftsText(s.shifts) : k === 'orderCauses' ? s.orderCauses.join('、') : String(v),
    ]),
  ) as Record<keyof SystemSettings, string>;
  return { ...text, perProject: projectRows(s.earlyWarningOffProjects, s.earlyWarningProjectHorizons) };
}

/** The form's text as settings, checked by the shared schema (the server checks the same). */
export function checkSettings({ perProject, ...text }: SettingsDraft): Checked<SystemSettings> {
  const candidate: Record<string, unknown> = {
    ...text,
    ...Object.fromEntries(SWITCHES.map((k) => [k, text[k] === 'true'])),
    ...Object.fromEntries(NUMBERS.map((k) => [k, Number(text[k] || 0)])),
    // the projects left out and their own horizons, from the per-project table
    ...projectSettings(perProject),
    // the causes separated by 、 or a comma
    orderCauses: text.orderCauses
      .split(/[、,，]/)
      .map((c) => c.trim())
      .filter(Boolean),
    // 交接班 (issue 29): 白班 08:00-20:00、夜班 20:00-08:00
    shifts: parseShiftsText(text.shifts),
  };
  return validateForm(systemSettingsSchema, candidate);
}

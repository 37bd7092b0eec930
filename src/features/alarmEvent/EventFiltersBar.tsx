import type { ReactNode } from 'react';
import { EVENT_CONFIRM, EVENT_LEVEL, EVENT_STATUS, EVENT_TYPE } from '../../../domain/enums';
import { COMM_LOSS_EVENT_TYPE, DEPARTURE_EVENT_TYPE, TREND_WARNING_EVENT_TYPE } from '../../../domain/telemetry';
import { t, useLanguage } from '../../app/i18n/i18n';
import { DateSelector } from '../../app/widgets/dateSelector/DateSelector';
import type { DateRange } from '../../app/widgets/dateSelector/dateRange';
import type { ConfirmChoice, StatusChoice } from './filterMapping';
import { confirmLabel, statusLabel, typeLabel } from './eventText';
import { LevelMark } from '../../app/alarm/AlarmMark';

export interface FilterState {
  range: DateRange;
  types: number[];
  levels: number[];
  status: StatusChoice;
  confirm: ConfirmChoice;
}

const chip = (on: boolean) =>
  `rounded border px-2.5 py-1 text-sm ${on ? 'border-brand bg-brand text-brand-ink' : 'border-line bg-surface text-ink hover:bg-surface-2'}`;

function Group({ label, children, testId }: { label: string; children: ReactNode; testId: string }) {
  return (
    <div className="mb-3 text-sm" role="group" aria-label={label} data-testid={testId}>
      <span className="mb-1 block text-muted">{label}</span>
      <div className="flex flex-wrap gap-1">{children}</div>
    </div>
  );
}

/** Spec §3 EVENT_TYPE plus the communication-loss episodes (docs/api-telemetry.md). */
const TYPE_IDS = [...EVENT_TYPE.list.map((e) => e.id), COMM_LOSS_EVENT_TYPE, TREND_WARNING_EVENT_TYPE, DEPARTURE_EVENT_TYPE];

const toggle = (list: number[], id: number) => (list.includes(id) ? list.filter((x) => x !== id) : [...list, id]);

/**
 * Filters apply at once (no query button): a click on a chip is the click the 200 ms paint target
 * counts from. Multi choices with nothing picked mean "all", so "全部" clears them.
 */
export function EventFiltersBar({ value, onChange }: { value: FilterState; onChange: (f: FilterState) => void }) {
  useLanguage();
  const multi = (key: 'types' | 'levels', ids: readonly number[], label: (id: number) => ReactNode) => (
    <>
      <button
        type="button"
        aria-pressed={value[key].length === 0}
        className={chip(value[key].length === 0)}
        onClick={() => onChange({ ...value, [key]: [] })}
      >
        {t('common.all')}
      </button>
      {ids.map((id) => (
        <button
          key={id}
          type="button"
          aria-pressed={value[key].includes(id)}
          className={chip(value[key].includes(id))}
          onClick={() => onChange({ ...value, [key]: toggle(value[key], id) })}
        >
          {label(id)}
        </button>
      ))}
    </>
  );
  const single = <K extends 'status' | 'confirm'>(key: K, choices: readonly FilterState[K][], label: (c: FilterState[K]) => string) =>
    choices.map((c) => (
      <button
        key={String(c)}
        type="button"
        role="radio"
        aria-checked={value[key] === c}
        className={chip(value[key] === c)}
        onClick={() => onChange({ ...value, [key]: c })}
      >
        {label(c)}
      </button>
    ));
  return (
    <>
      <div className="mb-3">
        <DateSelector value={value.range} onChange={(range) => onChange({ ...value, range })} />
      </div>
      <Group label={t('alarmEvent.type')} testId="filter-type">
        {multi('types', TYPE_IDS, typeLabel)}
      </Group>
      <Group label={t('alarmEvent.level')} testId="filter-level">
        {multi(
          'levels',
          EVENT_LEVEL.list.map((e) => e.id),
          (id) => (
            <LevelMark level={id} />
          ),
        )}
      </Group>
      <Group label={t('alarmEvent.status')} testId="filter-status">
        {single('status', ['all', EVENT_STATUS.ACTIVE, EVENT_STATUS.END] as StatusChoice[], (c) =>
          c === 'all' ? t('common.all') : statusLabel(c),
        )}
      </Group>
      <Group label={t('alarmEvent.confirmStatus')} testId="filter-confirm">
        {single('confirm', ['all', EVENT_CONFIRM.UNCONFIRM, EVENT_CONFIRM.CONFIRM] as ConfirmChoice[], (c) =>
          c === 'all' ? t('common.all') : confirmLabel(c),
        )}
      </Group>
    </>
  );
}

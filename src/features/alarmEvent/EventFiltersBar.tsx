import type { ReactNode } from 'react';
import { Disclosure, DisclosureButton, DisclosurePanel } from '@headlessui/react';
import { EVENT_CONFIRM, EVENT_LEVEL, EVENT_STATUS, EVENT_TYPE } from '../../../domain/enums';
import { COMM_LOSS_EVENT_TYPE, DEPARTURE_EVENT_TYPE, TREND_WARNING_EVENT_TYPE } from '../../../domain/telemetry';
import { t, useLanguage } from '../../app/i18n/i18n';
import { DateSelector } from '../../app/widgets/dateSelector/DateSelector';
import type { DateRange } from '../../app/widgets/dateSelector/dateRange';
import type { ConfirmChoice, StatusChoice } from './filterMapping';
import { confirmLabel, statusLabel, typeLabel } from './eventText';
import { LevelMark } from '../../app/alarm/AlarmMark';
import { BackIcon } from '../../app/ui/icons';

export interface FilterState {
  range: DateRange;
  types: number[];
  levels: number[];
  status: StatusChoice;
  confirm: ConfirmChoice;
}

const chip = (on: boolean) =>
  `rounded border px-2 py-1 text-sm ${on ? 'border-brand bg-brand text-brand-ink' : 'border-line bg-surface text-ink hover:bg-surface-2'}`;

/** A group of chips; `inline` (the filter row) names it for assistive technology only, its chips say what they are. */
function Group({ label, children, testId, inline = false }: { label: string; children: ReactNode; testId: string; inline?: boolean }) {
  return (
    <div className="text-sm" role="group" aria-label={label} data-testid={testId}>
      {!inline && <span className="mb-1 block text-muted">{label}</span>}
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
 *
 * One row at 1366 wide in both languages (issue 30): the date and the level stay in it; type, status
 * and confirmation fold behind 更多筛选, which opens in the flow below the row (the table gives up the
 * room, nothing is covered) and counts the folded filters that are set, so a narrowed list never hides why.
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
  const folded = value.types.length + (value.status === 'all' ? 0 : 1) + (value.confirm === 'all' ? 0 : 1);
  return (
    <Disclosure as="div" className="w-full">
      <div className="mb-3 flex flex-wrap items-center gap-x-2 gap-y-3" data-testid="event-filters-row">
        <DateSelector value={value.range} onChange={(range) => onChange({ ...value, range })} />
        <Group label={t('alarmEvent.level')} testId="filter-level" inline>
          {multi(
            'levels',
            EVENT_LEVEL.list.map((e) => e.id),
            (id) => (
              <LevelMark level={id} />
            ),
          )}
        </Group>
        <DisclosureButton
          className={`group inline-flex items-center gap-1 ${chip(folded > 0)}`}
          data-testid="more-filters"
          data-set={folded}
        >
          {t('alarmEvent.moreFilters')}
          {folded > 0 && <b className="rounded-full bg-brand-ink/20 px-1.5 text-xs tabular-nums">{folded}</b>}
          <BackIcon width="0.9rem" height="0.9rem" className="-rotate-90 group-data-[open]:rotate-90" />
        </DisclosureButton>
      </div>
      <DisclosurePanel className="mb-3 flex flex-wrap gap-x-6 gap-y-3 border-t border-line pt-3" data-testid="more-filters-panel">
        <Group label={t('alarmEvent.type')} testId="filter-type">
          {multi('types', TYPE_IDS, typeLabel)}
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
      </DisclosurePanel>
    </Disclosure>
  );
}

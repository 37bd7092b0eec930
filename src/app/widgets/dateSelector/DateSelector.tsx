import { t, useLanguage, type MessageKey } from '../../i18n/i18n';
import { BackIcon } from '../../ui/icons';
import { TimeTextField } from '../TimeTextField';
import { formatTime, parseProjectTime, useProjectZone } from '../../time/projectTime';
import {
  RANGE_LABEL_KEYS,
  RANGE_TYPES,
  changeType,
  customRange,
  labelOf,
  rangeOf,
  shift,
  type DateRange,
  type RangeType,
} from './dateRange';

/** Date inputs hold project-zone days (yyyy-MM-dd): their midnight in the project zone. */
const dayValue = (d: Date) => formatTime(d, 'yyyy-MM-dd');
const parseDay = (v: string) => new Date(parseProjectTime(v) ?? Date.now());

/** Previous or next period; disabled where there is none (the next one never reaches the future). */
function StepButton({
  label,
  to,
  onChange,
  forward = false,
}: {
  label: string;
  to: DateRange | undefined;
  onChange: (r: DateRange) => void;
  forward?: boolean;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      disabled={!to}
      onClick={() => to && onChange(to)}
      className="rounded p-1 hover:bg-surface-2 disabled:opacity-40"
    >
      <BackIcon width="1rem" height="1rem" className={forward ? 'rotate-180' : undefined} />
    </button>
  );
}

/**
 * The shared date selector (spec §2): a type, the period with previous/next, a date picker that
 * cannot reach the future. `types` narrows the choice (the message centre offers day/week/month).
 */
export function DateSelector({
  value,
  onChange,
  types = RANGE_TYPES,
}: {
  value: DateRange;
  onChange: (r: DateRange) => void;
  types?: readonly RangeType[];
}) {
  useLanguage();
  useProjectZone();
  const today = dayValue(new Date());
  const prev = shift(value, -1);
  const next = shift(value, 1);
  const lastDay = new Date(value.end.getTime() - 1);
  return (
    <div className="inline-flex flex-wrap items-center gap-2 text-sm" data-testid="date-selector">
      <div role="radiogroup" className="inline-flex overflow-hidden rounded border border-line">
        {types.map((type) => (
          <button
            key={type}
            type="button"
            role="radio"
            aria-checked={value.type === type}
            onClick={() => onChange(changeType(value, type))}
            className={`px-2 py-1 ${value.type === type ? 'bg-brand text-brand-ink' : 'bg-surface text-ink hover:bg-surface-2'}`}
          >
            {t(RANGE_LABEL_KEYS[type] as MessageKey)}
          </button>
        ))}
      </div>
      {value.type === 'custom' ? (
        <span className="inline-flex items-start gap-1">
          <TimeTextField
            compact
            shape="date"
            label={t('date.from')}
            max={today}
            value={dayValue(value.start)}
            onChange={(day) => day && onChange(customRange(parseDay(day), lastDay))}
          />
          <span className="py-1">~</span>
          <TimeTextField
            compact
            shape="date"
            label={t('date.to')}
            max={today}
            value={dayValue(lastDay)}
            onChange={(day) => day && onChange(customRange(value.start, parseDay(day)))}
          />
        </span>
      ) : (
        <span className="inline-flex items-center gap-1">
          <StepButton label={t('date.previous')} to={prev} onChange={onChange} />
          <label className="relative inline-flex items-center">
            <span className="min-w-28 text-center font-medium" data-testid="date-label">
              {labelOf(value)}
            </span>
            <input
              type="date"
              aria-label={t('date.pick')}
              max={today}
              value={dayValue(value.start)}
              onChange={(e) => e.target.value && onChange(rangeOf(value.type as Exclude<RangeType, 'custom'>, parseDay(e.target.value)))}
              className="absolute inset-0 cursor-pointer opacity-0"
            />
          </label>
          <StepButton label={t('date.next')} to={next} onChange={onChange} forward />
        </span>
      )}
    </div>
  );
}

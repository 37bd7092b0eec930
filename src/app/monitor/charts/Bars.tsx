import type { AlarmStateKey } from '../../../../domain/alarmLanguage';
import { AlarmIcon } from '../../alarm/AlarmIcon';

export interface Bar {
  key: string;
  label: string;
  value: number;
  color: string;
  /** the bar's state in the alarm language: its label carries the state's shape too */
  state?: AlarmStateKey;
  /** a second, lighter figure drawn behind the first (e.g. active behind today) */
  secondary?: number;
}

/** Horizontal bars scaled to the largest value; each row shows its label and count. */
export function Bars({ bars, testId, secondaryLabel }: { bars: Bar[]; testId?: string; secondaryLabel?: string }) {
  const max = Math.max(1, ...bars.map((b) => Math.max(b.value, b.secondary ?? 0)));
  return (
    <ul className="flex flex-col gap-1.5 text-sm" data-testid={testId}>
      {bars.map((b) => (
        <li key={b.key} className="grid grid-cols-[7.5rem_1fr_auto] items-center gap-2" data-testid={testId && `${testId}-${b.key}`}>
          <span className="flex min-w-0 items-center gap-1.5 text-muted" title={b.label}>
            {b.state && <AlarmIcon state={b.state} size="0.95em" />}
            <span className="truncate">{b.label}</span>
          </span>
          <span className="relative h-3 overflow-hidden rounded bg-surface-2">
            {b.secondary !== undefined && (
              <span
                className="absolute inset-y-0 left-0 rounded opacity-35"
                style={{ width: `${(b.secondary / max) * 100}%`, background: b.color }}
              />
            )}
            <span className="absolute inset-y-0 left-0 rounded" style={{ width: `${(b.value / max) * 100}%`, background: b.color }} />
          </span>
          <span className="min-w-8 text-right font-medium tabular-nums" data-value={b.value}>
            {b.value}
            {b.secondary !== undefined && (
              <span className="text-xs font-normal text-muted" title={secondaryLabel}>
                {' '}
                / {b.secondary}
              </span>
            )}
          </span>
        </li>
      ))}
    </ul>
  );
}

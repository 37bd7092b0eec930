import type { AlarmStateKey } from '../../../../domain/alarmLanguage';
import { AlarmIcon } from '../../alarm/AlarmIcon';

export interface Slice {
  key: string;
  label: string;
  value: number;
  color: string;
  /** the slice's state in the alarm language: its legend shows the state's shape, not a bare swatch */
  state?: AlarmStateKey;
}

/**
 * A donut of a few slices drawn with stroked circles (one dash per slice), the total in the middle,
 * and a legend with the counts. Zero slices stay in the legend so the categories never jump around.
 */
export function Donut({ slices, total, totalLabel, testId }: { slices: Slice[]; total: number; totalLabel: string; testId?: string }) {
  const r = 40;
  const c = 2 * Math.PI * r;
  let offset = 0;
  return (
    <div className="flex items-center gap-4" data-testid={testId}>
      <svg viewBox="0 0 100 100" className="h-32 w-32 shrink-0" role="img" aria-label={`${totalLabel} ${total}`}>
        <circle cx="50" cy="50" r={r} fill="none" stroke="var(--vg-line)" strokeWidth="14" />
        {total > 0 &&
          slices
            .filter((s) => s.value > 0)
            .map((s) => {
              const len = (s.value / total) * c;
              const el = (
                <circle
                  key={s.key}
                  cx="50"
                  cy="50"
                  r={r}
                  fill="none"
                  stroke={s.color}
                  strokeWidth="14"
                  strokeDasharray={`${len} ${c - len}`}
                  strokeDashoffset={-offset}
                  transform="rotate(-90 50 50)"
                >
                  <title>{`${s.label}: ${s.value}`}</title>
                </circle>
              );
              offset += len;
              return el;
            })}
        <text x="50" y="49" textAnchor="middle" fontSize="18" fontWeight="600" fill="var(--vg-ink)">
          {total}
        </text>
        <text x="50" y="64" textAnchor="middle" fontSize="9" fill="var(--vg-muted)">
          {totalLabel}
        </text>
      </svg>
      <ul className="grid min-w-0 flex-1 grid-cols-1 gap-1 text-sm">
        {slices.map((s) => (
          <li key={s.key} className="flex items-center gap-2" data-testid={testId && `${testId}-${s.key}`}>
            {s.state ? (
              <AlarmIcon state={s.state} size="0.95em" fill={s.color} />
            ) : (
              <span className="h-2.5 w-2.5 shrink-0 rounded-sm" style={{ background: s.color }} />
            )}
            <span className="truncate text-muted">{s.label}</span>
            <span className="ml-auto font-medium tabular-nums" data-value={s.value}>
              {s.value}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}

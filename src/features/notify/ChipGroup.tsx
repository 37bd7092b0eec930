import type { ReactNode } from 'react';
import { localizeMessage } from '../../app/i18n/domainText';

const chip = (on: boolean) =>
  `rounded border px-2.5 py-1 text-sm ${on ? 'border-brand bg-brand text-brand-ink' : 'border-line bg-surface text-ink hover:bg-surface-2'}`;

/**
 * A labelled set of toggle chips (as the event filters draw them) picking several ids. With `allLabel`
 * a first chip stands for "every one, now and later": it is on while nothing is picked.
 */
export function ChipGroup({
  label,
  options,
  value,
  onChange,
  allLabel,
  error,
  testId,
}: {
  label: string;
  options: readonly { id: number; label: ReactNode }[];
  value: readonly number[];
  onChange: (next: number[]) => void;
  allLabel?: string;
  error?: string | undefined;
  testId?: string;
}) {
  const toggle = (id: number) => onChange(value.includes(id) ? value.filter((x) => x !== id) : [...value, id]);
  return (
    <div className="mb-3 text-sm" role="group" aria-label={label} data-testid={testId}>
      <span className="mb-1 block text-muted">{label}</span>
      <div className="flex flex-wrap gap-1">
        {allLabel && (
          <button type="button" aria-pressed={value.length === 0} className={chip(value.length === 0)} onClick={() => onChange([])}>
            {allLabel}
          </button>
        )}
        {options.map((o) => (
          <button
            key={o.id}
            type="button"
            aria-pressed={value.includes(o.id)}
            className={chip(value.includes(o.id))}
            onClick={() => toggle(o.id)}
          >
            {o.label}
          </button>
        ))}
      </div>
      {error && (
        <span className="mt-1 block text-xs text-danger" role="alert">
          {localizeMessage(error)}
        </span>
      )}
    </div>
  );
}

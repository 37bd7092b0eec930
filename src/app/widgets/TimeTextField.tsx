import { useEffect, useId, useRef, useState } from 'react';
import { t, useLanguage } from '../i18n/i18n';
import { CalendarIcon } from '../ui/icons';

/**
 * The shapes a time is typed in: the app's own yyyy-MM-dd and yyyy-MM-dd HH:mm in both languages, never
 * the browser's locale (a Chinese console showed mm/dd/yyyy in its native date inputs).
 */
const SHAPES = {
  date: { pattern: /^\d{4}-\d{2}-\d{2}$/, format: 'yyyy-MM-dd', native: 'date' },
  datetime: { pattern: /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/, format: 'yyyy-MM-dd HH:mm', native: 'datetime-local' },
} as const;
type TimeShape = keyof typeof SHAPES;

/** Whether text is a real calendar time in the shape (2026-02-30 is not), or empty. */
function isTimeText(text: string, shape: TimeShape): boolean {
  if (text === '') return true;
  if (!SHAPES[shape].pattern.test(text)) return false;
  const [y, mo, d, h = 0, mi = 0] = text.split(/[- :]/).map(Number) as [number, number, number, number?, number?];
  const date = new Date(Date.UTC(y, mo - 1, d, h, mi));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d && h < 24 && mi < 60;
}

interface Props {
  shape: TimeShape;
  /** the time as text in the shape ('' for none) */
  value: string;
  /** called with a valid time in the shape, or '' when cleared; a half-typed value is kept in the field only */
  onChange: (value: string) => void;
  label?: string;
  name?: string;
  /** the latest allowed value in the shape (today for a history range) */
  max?: string;
  className?: string;
  /** narrower: the UI font's even-width digits and tighter padding (the date selector, which shares a filter row) */
  compact?: boolean;
}

/**
 * A time typed in the app's format, with a calendar button that opens the browser's picker (whose choice is
 * written back in the app's format). Wrong text is named under the field in the user's language.
 */
export function TimeTextField({ shape, value, onChange, label, name, max, className = '', compact = false }: Props) {
  useLanguage();
  const { format, native } = SHAPES[shape];
  const [text, setText] = useState(value);
  const picker = useRef<HTMLInputElement>(null);
  const errorId = useId();
  useEffect(() => setText(value), [value]);
  const tooLate = max !== undefined && text !== '' && isTimeText(text, shape) && text > max;
  const wrong = !isTimeText(text, shape) || tooLate;
  const take = (next: string) => {
    setText(next);
    if (isTimeText(next, shape) && !(max !== undefined && next > max)) onChange(next);
  };
  return (
    <span className={`relative inline-flex flex-col ${className}`}>
      <span className="inline-flex items-center rounded border border-line bg-surface-2 focus-within:border-brand">
        <input
          type="text"
          inputMode="numeric"
          name={name}
          aria-label={label}
          aria-invalid={wrong || undefined}
          aria-describedby={wrong ? errorId : undefined}
          placeholder={format}
          max={max}
          value={text}
          onChange={(e) => take(e.target.value.trim())}
          className={`bg-transparent py-1 text-ink outline-none ${
            compact
              ? 'w-[calc(var(--vg-time-chars)*1ch+0.75rem)] px-1.5 tabular-nums'
              : 'w-[calc(var(--vg-time-chars)*1ch+1.5rem)] px-2 font-mono'
          }`}
          style={{ ['--vg-time-chars' as string]: format.length }}
        />
        <button
          type="button"
          aria-label={t('date.pick')}
          className={`${compact ? 'px-1' : 'px-1.5'} text-muted hover:text-ink`}
          onClick={() => picker.current?.showPicker?.()}
        >
          <CalendarIcon width="1rem" height="1rem" />
        </button>
        {/* the browser's picker, opened by the button; only its choice is used, in the app's format */}
        <input
          ref={picker}
          type={native}
          tabIndex={-1}
          aria-hidden
          max={max === undefined ? undefined : max.replace(' ', 'T')}
          value={isTimeText(text, shape) ? text.replace(' ', 'T') : ''}
          onChange={(e) => e.target.value && take(e.target.value.replace('T', ' '))}
          className="pointer-events-none absolute bottom-0 left-0 h-0 w-0 opacity-0"
        />
      </span>
      {wrong && (
        <span id={errorId} role="alert" className="mt-0.5 text-xs text-danger">
          {tooLate ? t('date.notAfter', { max }) : t('date.shape', { format })}
        </span>
      )}
    </span>
  );
}

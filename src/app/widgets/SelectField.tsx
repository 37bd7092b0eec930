import { t, useLanguage } from '../i18n/i18n';
import { localizeMessage } from '../i18n/domainText';

export interface Option {
  value: string;
  label: string;
}

/** A labelled native select in the look of TextField, with the §5 error under it. */
export function SelectField({
  label,
  value,
  onChange,
  options,
  error,
  placeholder,
  name,
  className,
  dataOptions,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: Option[];
  error?: string | undefined;
  placeholder?: string;
  name?: string;
  className?: string;
  /** the options are data (zone names, codes), not words of a language: marked translate="no" */
  dataOptions?: boolean;
}) {
  useLanguage();
  return (
    <label className={`mb-3 block text-sm ${className ?? ''}`}>
      <span className="mb-1 block text-muted">{label}</span>
      <select
        name={name}
        translate={dataOptions ? 'no' : undefined}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={!!error}
        className={`w-full rounded border bg-surface-2 px-3 py-1.5 text-ink outline-none focus:border-brand ${error ? 'border-danger' : 'border-line'}`}
      >
        <option value="">{placeholder ?? t('common.all')}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      {error && (
        <span className="mt-1 block text-xs text-danger" role="alert">
          {localizeMessage(error)}
        </span>
      )}
    </label>
  );
}

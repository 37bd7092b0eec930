import { t, useLanguage } from '../i18n/i18n';
import { FieldLabel, inputLook, OptionList } from '../ui/fields';

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
    <FieldLabel label={label} error={error} className={className}>
      <select
        name={name}
        translate={dataOptions ? 'no' : undefined}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={!!error}
        className={inputLook(error)}
      >
        <option value="">{placeholder ?? t('common.all')}</option>
        <OptionList options={options} />
      </select>
    </FieldLabel>
  );
}

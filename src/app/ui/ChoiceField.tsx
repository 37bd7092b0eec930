import { FieldLabel, inputLook, OptionList } from './fields';

/** A labelled native select whose value is always one of its options (no empty "all" choice). */
export function ChoiceField<V extends string>({
  label,
  name,
  value,
  options,
  onChange,
}: {
  label: string;
  name: string;
  value: V;
  options: readonly { value: V; label: string }[];
  onChange: (value: V) => void;
}) {
  return (
    <FieldLabel label={label}>
      <select name={name} value={value} onChange={(e) => onChange(e.target.value as V)} className={inputLook()}>
        <OptionList options={options} />
      </select>
    </FieldLabel>
  );
}

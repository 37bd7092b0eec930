import type { ComponentProps, InputHTMLAttributes } from 'react';
import { SelectField } from '../../widgets/SelectField';
import { TextField } from '../fields';
import type { FieldBinding } from './useFormDialog';

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange'>;

/**
 * A text input (type text, number, date, password, e-mail …) bound to a form-dialog field: the label
 * above, the field's message under it in the console's TextField look. `name` may differ from the
 * field's key where the page's tests know the input by another name.
 */
export function FormTextField({ field, ...props }: InputProps & { field: FieldBinding<string>; label: string; hint?: string | undefined }) {
  return (
    <TextField name={field.name} {...props} value={field.value} onChange={(e) => field.onChange(e.target.value)} error={field.error} />
  );
}

/**
 * A native select bound to a form-dialog field, in the look of SelectField (an empty first choice).
 * The field's value type may be narrower than string (a kind's name or ''): the select offers only
 * the given values and the empty one.
 */
export function FormSelectField<V extends string>({
  field,
  options,
  ...props
}: Omit<ComponentProps<typeof SelectField>, 'value' | 'onChange' | 'error' | 'options'> & {
  field: FieldBinding<V>;
  options: { value: NoInfer<V>; label: string }[];
}) {
  return (
    <SelectField
      name={field.name}
      {...props}
      options={options}
      value={field.value}
      onChange={(v) => field.onChange(v as V)}
      error={field.error}
    />
  );
}

/** A ticked switch with its label on the right, as the dialogs' 启用 boxes. */
export function FormCheckbox({ field, label }: { field: FieldBinding<boolean>; label: string }) {
  return (
    <label className="mb-3 flex items-center gap-2 text-sm">
      <input
        type="checkbox"
        name={field.name}
        checked={field.value}
        onChange={(e) => field.onChange(e.target.checked)}
        className="h-4 w-4 accent-[var(--vg-brand)]"
      />
      {label}
    </label>
  );
}

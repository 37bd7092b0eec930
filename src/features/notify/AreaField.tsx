import { FieldLabel, inputLook } from '../../app/ui/fields';

/** A labelled multi-line text field in the look of TextField (lists, headers, templates). */
export function AreaField({
  label,
  error,
  hint,
  ...props
}: React.TextareaHTMLAttributes<HTMLTextAreaElement> & { label: string; error?: string | undefined; hint?: string | undefined }) {
  return (
    <FieldLabel label={label} error={error} hint={hint}>
      <textarea rows={2} {...props} aria-invalid={!!error} className={`${inputLook(error)} font-mono text-xs`} />
    </FieldLabel>
  );
}

import { localizeMessage } from '../../app/i18n/domainText';

/** A labelled multi-line text field in the look of TextField (lists, headers, templates). */
export function AreaField({
  label,
  error,
  hint,
  ...props
}: React.TextareaHTMLAttributes<HTMLTextAreaElement> & { label: string; error?: string | undefined; hint?: string | undefined }) {
  return (
    <label className="mb-3 block text-sm">
      <span className="mb-1 block text-muted">{label}</span>
      <textarea
        rows={2}
        {...props}
        aria-invalid={!!error}
        className={`w-full rounded border bg-surface-2 px-3 py-1.5 font-mono text-xs text-ink outline-none focus:border-brand ${error ? 'border-danger' : 'border-line'}`}
      />
      {error ? (
        <span className="mt-1 block text-xs text-danger" role="alert">
          {localizeMessage(error)}
        </span>
      ) : (
        hint && <span className="mt-1 block text-xs text-muted">{hint}</span>
      )}
    </label>
  );
}

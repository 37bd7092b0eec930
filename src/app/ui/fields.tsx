import { localizeMessage } from '../i18n/domainText';

/** A button in one of the console's three looks. */
export function Button({
  kind = 'default',
  ...props
}: React.ButtonHTMLAttributes<HTMLButtonElement> & { kind?: 'primary' | 'default' | 'danger' }) {
  const look = {
    primary: 'bg-brand text-brand-ink hover:opacity-90',
    default: 'border border-line bg-surface text-ink hover:bg-surface-2',
    danger: 'bg-danger text-danger-ink hover:opacity-90',
  }[kind];
  return <button type="button" {...props} className={`rounded px-4 py-1.5 text-sm disabled:opacity-50 ${look} ${props.className ?? ''}`} />;
}

export function TextField({
  label,
  error,
  hint,
  ...props
}: React.InputHTMLAttributes<HTMLInputElement> & { label: string; error?: string | undefined; hint?: string | undefined }) {
  return (
    <label className="mb-3 block text-sm">
      <span className="mb-1 block text-muted">{label}</span>
      <input
        {...props}
        aria-invalid={!!error}
        className={`w-full rounded border bg-surface-2 px-3 py-1.5 text-ink outline-none focus:border-brand ${error ? 'border-danger' : 'border-line'}`}
      />
      {error ? (
        <span className="mt-1 block text-xs text-danger" role="alert">
          {localizeMessage(error)}
        </span>
      ) : (
        // a plain reading of the value (系统配置 says an escalation time back: 即 5 分钟)
        hint && (
          <span className="mt-1 block text-xs text-muted" data-testid="field-hint">
            {hint}
          </span>
        )
      )}
    </label>
  );
}

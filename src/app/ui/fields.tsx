import { t } from '../i18n/i18n';
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

/** The look of a field's input, select or text area: a red border while its value is refused. */
export const inputLook = (error?: string) =>
  `w-full rounded border bg-surface-2 px-3 py-1.5 text-ink outline-none focus:border-brand ${error ? 'border-danger' : 'border-line'}`;

/**
 * A field's frame: its label above the control, and under it the field's message, the error that
 * refused it or else a plain hint (系统配置 says an escalation time back: 即 5 分钟).
 */
export function FieldLabel({
  label,
  error,
  hint,
  className,
  children,
}: {
  label: string;
  error?: string | undefined;
  hint?: string | undefined;
  /** the field's width where it stands in a row of filters */
  className?: string | undefined;
  children: React.ReactNode;
}) {
  return (
    <label className={className ? `mb-3 block text-sm ${className}` : 'mb-3 block text-sm'}>
      <span className="mb-1 block text-muted">{label}</span>
      {children}
      {error ? (
        <span className="mt-1 block text-xs text-danger" role="alert">
          {localizeMessage(error)}
        </span>
      ) : (
        hint && (
          <span className="mt-1 block text-xs text-muted" data-testid="field-hint">
            {hint}
          </span>
        )
      )}
    </label>
  );
}

export function TextField({
  label,
  error,
  hint,
  ...props
}: React.InputHTMLAttributes<HTMLInputElement> & { label: string; error?: string | undefined; hint?: string | undefined }) {
  return (
    <FieldLabel label={label} error={error} hint={hint}>
      <input {...props} aria-invalid={!!error} className={inputLook(error)} />
    </FieldLabel>
  );
}

/** A select's choices, each shown by its label. */
export function OptionList({ options }: { options: readonly { value: string; label: string }[] }) {
  return options.map((o) => (
    <option key={o.value} value={o.value}>
      {o.label}
    </option>
  ));
}

/** A filter form's 查询: submits the filters typed, level with the fields' inputs. */
export function QueryButton() {
  return (
    <Button kind="primary" type="submit" className="mb-3">
      {t('common.query')}
    </Button>
  );
}

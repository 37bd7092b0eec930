import type { ReactNode } from 'react';
import { Dialog, DialogPanel, DialogTitle } from '@headlessui/react';
import { CloseIcon } from './icons';
import { t } from '../i18n/i18n';
import { localizeMessage } from '../i18n/domainText';

/** A centred dialog on a dimmed backdrop, built on Headless UI for focus trapping and Escape. */
export function Modal({
  open,
  onClose,
  title,
  width = 420,
  closable = false,
  children,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  width?: number;
  /** a × in the title bar (dialogs without their own close button) */
  closable?: boolean;
  children: ReactNode;
}) {
  return (
    <Dialog open={open} onClose={onClose} className="relative z-50">
      <div className="fixed inset-0 bg-black/40" aria-hidden />
      <div className="fixed inset-0 flex items-center justify-center p-4">
        <DialogPanel style={{ width }} className="max-w-full rounded-lg border border-line bg-surface p-5 text-ink shadow-xl">
          <div className="mb-4 flex items-start justify-between gap-4">
            <DialogTitle className="text-base font-semibold">{title}</DialogTitle>
            {closable && (
              <button type="button" aria-label={t('common.close')} onClick={onClose} className="-m-1 rounded p-1 text-muted hover:text-ink">
                <CloseIcon width={16} height={16} />
              </button>
            )}
          </div>
          {children}
        </DialogPanel>
      </div>
    </Dialog>
  );
}

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
        hint && (
          <span className="mt-1 block text-xs text-muted" data-testid="field-hint">
            {hint}
          </span>
        )
      )}
    </label>
  );
}

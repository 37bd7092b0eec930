import type { ReactNode } from 'react';
import { Dialog, DialogPanel, DialogTitle } from '@headlessui/react';
import { CloseIcon } from './icons';
import { t } from '../i18n/i18n';

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

// The form fields live apart (./fields.tsx), so the login page has them without Headless UI's dialog.
export { Button, TextField } from './fields';

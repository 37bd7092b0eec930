import { useLayoutEffect, useRef, type ReactNode } from 'react';
import { Dialog, DialogPanel, DialogTitle } from '@headlessui/react';
import { CloseIcon } from './icons';
import { t } from '../i18n/i18n';
import { rem } from './rem';

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
  useFocusBackToOpener(open);
  return (
    <Dialog open={open} onClose={onClose} className="relative z-50">
      <div className="fixed inset-0 bg-black/40" aria-hidden />
      <div className="fixed inset-0 flex items-center justify-center p-4">
        <DialogPanel style={{ width: rem(width) }} className="max-w-full rounded-lg border border-line bg-surface p-5 text-ink shadow-xl">
          <div className="mb-4 flex items-start justify-between gap-4">
            <DialogTitle className="text-base font-semibold">{title}</DialogTitle>
            {closable && (
              <button type="button" aria-label={t('common.close')} onClick={onClose} className="-m-1 rounded p-1 text-muted hover:text-ink">
                <CloseIcon width="1rem" height="1rem" />
              </button>
            )}
          </div>
          {children}
        </DialogPanel>
      </div>
    </Dialog>
  );
}

/**
 * Headless UI gives focus back to what opened the dialog from its own record of recent focus, which
 * lost the opener once in CI under load (focus ended on <body>, a keyboard user lost their place).
 * This keeps the opener from the moment the dialog opens and, if focus has fallen to <body> once the
 * dialog has closed and Headless UI has had its turn, puts it back there.
 */
function useFocusBackToOpener(open: boolean) {
  const opener = useRef<HTMLElement | null>(null);
  // A layout effect: it runs before Headless UI moves focus into the dialog (a passive effect).
  useLayoutEffect(() => {
    if (open) {
      const active = document.activeElement;
      opener.current = active instanceof HTMLElement && active !== document.body ? active : null;
      return;
    }
    const el = opener.current;
    opener.current = null;
    if (!el) return;
    const timer = setTimeout(() => {
      const active = document.activeElement;
      if ((!active || active === document.body) && el.isConnected) el.focus();
    });
    return () => clearTimeout(timer);
  }, [open]);
}

// The form fields live apart (./fields.tsx), so the login page has them without Headless UI's dialog.
export { Button, TextField } from './fields';

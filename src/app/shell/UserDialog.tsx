import { useState } from 'react';
import { Button, Modal } from '../ui/Modal';
import { t } from '../i18n/i18n';
import { useSession } from '../session/SessionContext';
import { PasswordDialog } from './PasswordDialog';
import { ContactDialog } from './ContactDialog';

/** The user dialog of spec §2: the user name with 登出, 取消 and 重置. */
export function UserDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { user, send } = useSession();
  const [resetting, setResetting] = useState(false);
  const [editingContact, setEditingContact] = useState(false);
  const contacts = [
    [t('users.mobile'), user?.mobilePhone],
    [t('users.email'), user?.email],
    [t('users.wecomId'), user?.wecomId],
    [t('users.dingtalkId'), user?.dingtalkId],
  ] as const;
  /** this dialog gives way to the one it opens */
  const openInstead = (show: (on: true) => void) => {
    onClose();
    show(true);
  };
  return (
    <>
      <Modal open={open} onClose={onClose} title={t('user.dialogTitle')} width={400}>
        <p className="mb-5 text-sm">
          <span className="text-muted">
            {t('user.name')}
            {t('punct.colon')}
          </span>
          <span data-testid="user-dialog-name">{user?.nicName || user?.name}</span>
        </p>
        <section className="mb-5 text-sm" aria-label={t('user.contact')} data-testid="user-contact">
          <dl className="mb-2 grid grid-cols-[max-content_1fr] gap-x-3 gap-y-1">
            {contacts.map(([label, value]) => (
              <div key={label} className="contents">
                <dt className="text-muted">{label}</dt>
                <dd className="min-w-0 truncate">{value || '--'}</dd>
              </div>
            ))}
          </dl>
          <button type="button" className="text-brand hover:underline" onClick={() => openInstead(setEditingContact)}>
            {t('user.editContact')}
          </button>
        </section>
        <div className="flex justify-end gap-2">
          <Button kind="danger" onClick={() => send({ type: 'LOGOUT' })}>
            {t('user.logout')}
          </Button>
          <Button onClick={onClose}>{t('user.cancel')}</Button>
          <Button kind="primary" onClick={() => openInstead(setResetting)}>
            {t('user.reset')}
          </Button>
        </div>
      </Modal>
      <PasswordDialog open={resetting} onClose={() => setResetting(false)} />
      <ContactDialog open={editingContact} onClose={() => setEditingContact(false)} />
    </>
  );
}

import { useState } from 'react';
import { Button, Modal } from '../ui/Modal';
import { t } from '../i18n/i18n';
import { useSession } from '../session/SessionContext';
import { PasswordDialog } from './PasswordDialog';

/** The user dialog of spec §2: the user name with 登出, 取消 and 重置. */
export function UserDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { user, send } = useSession();
  const [resetting, setResetting] = useState(false);
  return (
    <>
      <Modal open={open} onClose={onClose} title={t('user.dialogTitle')} width={360}>
        <p className="mb-5 text-sm">
          <span className="text-muted">
            {t('user.name')}
            {t('punct.colon')}
          </span>
          <span data-testid="user-dialog-name">{user?.nicName || user?.name}</span>
        </p>
        <div className="flex justify-end gap-2">
          <Button kind="danger" onClick={() => send({ type: 'LOGOUT' })}>
            {t('user.logout')}
          </Button>
          <Button onClick={onClose}>{t('user.cancel')}</Button>
          <Button
            kind="primary"
            onClick={() => {
              onClose();
              setResetting(true);
            }}
          >
            {t('user.reset')}
          </Button>
        </div>
      </Modal>
      <PasswordDialog open={resetting} onClose={() => setResetting(false)} />
    </>
  );
}

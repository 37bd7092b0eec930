import { useState } from 'react';
import { MSG } from '../../../domain/validation';
import { t, useLanguage } from '../i18n/i18n';
import { Button, Modal, TextField } from '../ui/Modal';
import { useSession } from '../session/SessionContext';

export interface Credentials {
  userName: string;
  password: string;
}

/**
 * 操作验证 (spec §2, §6): remote commands need the credentials again. The user name is prefilled with
 * the current user; both fields are required (用户名不能为空 / 密码不能为空). `onConfirm` resolves to an
 * error message to show, or null when done.
 */
export function OperationVerifyDialog({
  open,
  onClose,
  onConfirm,
}: {
  open: boolean;
  onClose: () => void;
  onConfirm: (c: Credentials) => Promise<string | null>;
}) {
  useLanguage();
  const { user } = useSession();
  const [userName, setUserName] = useState(user?.name ?? '');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{ userName?: string; password?: string }>({});
  const [serverMsg, setServerMsg] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    const found: typeof errors = {};
    if (!userName.trim()) found.userName = MSG.usernameRequired;
    if (!password) found.password = MSG.remotePasswordRequired;
    setErrors(found);
    if (Object.keys(found).length) return;
    setBusy(true);
    setServerMsg(null);
    try {
      const msg = await onConfirm({ userName: userName.trim(), password });
      if (msg) setServerMsg(msg);
      else {
        setPassword('');
        onClose();
      }
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal open={open} onClose={onClose} title={t('verify.title')} width={380}>
      <form onSubmit={submit} noValidate data-testid="verify-dialog">
        <TextField
          label={t('login.userName')}
          name="verifyUserName"
          value={userName}
          onChange={(e) => setUserName(e.target.value)}
          error={errors.userName}
        />
        <TextField
          label={t('login.password')}
          name="verifyPassword"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          error={errors.password}
        />
        {serverMsg && (
          <p role="alert" data-testid="verify-error" className="mb-3 text-sm text-danger">
            {serverMsg}
          </p>
        )}
        <div className="flex justify-end gap-2">
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button kind="primary" type="submit" disabled={busy}>
            {t('common.confirm')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}

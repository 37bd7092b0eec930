import { useState } from 'react';
import { validatePasswordChange, type PasswordChangeErrors } from '../../../domain/validation';
import { passwordDigest } from '../../../domain/digest';
import { api, ApiError } from '../api/client';
import { toastSuccess } from '../ui/toastStore';
import { Button, Modal, TextField } from '../ui/Modal';
import { t } from '../i18n/i18n';
import { useSession } from '../session/SessionContext';

/** 重置密码 (spec §2 user dialog, §5 password change): only lengths are checked here, as the spec says. */
export function PasswordDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { user, send } = useSession();
  const [form, setForm] = useState({ oldPassword: '', newPassword: '', confirmPassword: '' });
  const [errors, setErrors] = useState<PasswordChangeErrors>({});
  const [busy, setBusy] = useState(false);
  const [serverMsg, setServerMsg] = useState('');

  const set = (k: keyof typeof form) => (e: React.ChangeEvent<HTMLInputElement>) => setForm({ ...form, [k]: e.target.value });

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    const found = validatePasswordChange(form);
    setErrors(found);
    setServerMsg('');
    if (Object.keys(found).length || !user) return;
    setBusy(true);
    // The server revokes every session of this user, this one included: that is expected, not an expiry.
    send({ type: 'PASSWORD.CHANGING' });
    try {
      await api.put(
        '/auth/v1/user/password/update',
        {
          id: user.id,
          name: user.name,
          oldPassword: await passwordDigest(form.oldPassword),
          newPassword: await passwordDigest(form.newPassword),
        },
        { quiet: true },
      );
      toastSuccess(t('msg.passwordChanged'));
      onClose();
      // The server revoked every token of this user: to the login page, to log in with the new password.
      send({ type: 'PASSWORD.CHANGED' });
    } catch (err) {
      send({ type: 'PASSWORD.FAILED' });
      // A 401 on the way was held back while the change was in flight: the session has ended after all.
      if (err instanceof ApiError && err.status === 401) send({ type: 'UNAUTHORIZED' });
      setServerMsg(err instanceof ApiError ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal open={open} onClose={onClose} title={t('password.title')}>
      <form onSubmit={submit} noValidate>
        <TextField
          label={t('password.old')}
          type="password"
          name="oldPassword"
          autoComplete="current-password"
          value={form.oldPassword}
          onChange={set('oldPassword')}
          error={errors.oldPassword}
        />
        <TextField
          label={t('password.new')}
          type="password"
          name="newPassword"
          autoComplete="new-password"
          value={form.newPassword}
          onChange={set('newPassword')}
          error={errors.newPassword}
        />
        <TextField
          label={t('password.confirm')}
          type="password"
          name="confirmPassword"
          autoComplete="new-password"
          value={form.confirmPassword}
          onChange={set('confirmPassword')}
          error={errors.confirmPassword}
        />
        <p className="mb-3 text-xs text-muted">{t('password.hint')}</p>
        {serverMsg && (
          <p className="mb-3 text-sm text-danger" role="alert">
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

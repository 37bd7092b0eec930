import { validatePasswordChange } from '../../../domain/validation';
import { passwordDigest } from '../../../domain/digest';
import { api, ApiError } from '../api/client';
import { Modal } from '../ui/Modal';
import { FormActions } from '../ui/form/FormActions';
import { FormTextField } from '../ui/form/FormFields';
import { useFormDialog } from '../ui/form/useFormDialog';
import { checkedBy } from '../widgets/formErrors';
import { t } from '../i18n/i18n';
import { useSession } from '../session/SessionContext';

const EMPTY = { oldPassword: '', newPassword: '', confirmPassword: '' };

/** 重置密码 (spec §2 user dialog, §5 password change): only lengths are checked here, as the spec says. */
export function PasswordDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { user, send } = useSession();
  const form = useFormDialog({
    open,
    initial: () => EMPTY,
    // without a signed-in user there is nobody to change: the form stays as it is
    validate: (f) => (user ? checkedBy(validatePasswordChange(f), { user, f }) : { ok: false, errors: {} }),
    submit: async ({ user, f }) => {
      // The server revokes every session of this user, this one included: that is expected, not an expiry.
      send({ type: 'PASSWORD.CHANGING' });
      try {
        const body = {
          id: user.id,
          name: user.name,
          oldPassword: await passwordDigest(f.oldPassword),
          newPassword: await passwordDigest(f.newPassword),
        };
        await api.put('/auth/v1/user/password/update', body, { quiet: true });
      } catch (err) {
        send({ type: 'PASSWORD.FAILED' });
        // A 401 on the way was held back while the change was in flight: the session has ended after all.
        if (err instanceof ApiError && err.status === 401) send({ type: 'UNAUTHORIZED' });
        throw err;
      }
    },
    successText: t('msg.passwordChanged'),
    // the server's refusal (a wrong old password) stands in the dialog, not in a toast
    serverError: 'inline',
    onSaved: () => {
      onClose();
      // The server revoked every token of this user: to the login page, to log in with the new password.
      send({ type: 'PASSWORD.CHANGED' });
    },
  });

  return (
    <Modal open={open} onClose={onClose} title={t('password.title')}>
      <form {...form.formProps}>
        <FormTextField label={t('password.old')} field={form.field('oldPassword')} type="password" autoComplete="current-password" />
        <FormTextField label={t('password.new')} field={form.field('newPassword')} type="password" autoComplete="new-password" />
        <FormTextField label={t('password.confirm')} field={form.field('confirmPassword')} type="password" autoComplete="new-password" />
        <p className="mb-3 text-xs text-muted">{t('password.hint')}</p>
        {form.serverError && (
          <p className="mb-3 text-sm text-danger" role="alert">
            {form.serverError}
          </p>
        )}
        <FormActions onClose={onClose} busy={form.busy} submitText={t('common.confirm')} className="flex justify-end gap-2" />
      </form>
    </Modal>
  );
}

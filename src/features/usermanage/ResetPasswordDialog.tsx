import { useEffect, useState } from 'react';
import { z } from 'zod';
import type { UserDto } from '../../../domain/schemas/auth';
import { passwordDigest } from '../../../domain/digest';
import { ROOT_USER_ID } from '../../../domain/enums';
import { MSG, strongPasswordSchema } from '../../../domain/validation';
import { api } from '../../app/api/client';
import { t, useLanguage } from '../../app/i18n/i18n';
import { Button, Modal, TextField } from '../../app/ui/Modal';
import { toastSuccess } from '../../app/ui/toastStore';
import { validateForm, type FieldErrors } from '../../app/widgets/formErrors';

const schema = z
  .object({ newPassword: strongPasswordSchema, confirmPassword: z.string().min(1, MSG.confirmRequired) })
  .refine((f) => f.newPassword === f.confirmPassword, { message: MSG.passwordMismatch, path: ['confirmPassword'] });

/** Root resets another user's password through updateByRoot {rootId, rootName, userId, newPassword}. */
export function ResetPasswordDialog({ target, rootName, onClose }: { target: UserDto | undefined; rootName: string; onClose: () => void }) {
  useLanguage();
  const [form, setForm] = useState({ newPassword: '', confirmPassword: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  useEffect(() => {
    setForm({ newPassword: '', confirmPassword: '' });
    setErrors({});
  }, [target]);

  const submit = async () => {
    const checked = validateForm(schema, form);
    if (!checked.ok || !target) return setErrors(checked.ok ? {} : checked.errors);
    const body = { rootId: ROOT_USER_ID, rootName, userId: target.id, newPassword: await passwordDigest(form.newPassword) };
    const done = await api.put('/auth/v1/user/password/updateByRoot', body).then(
      () => true,
      () => false,
    );
    if (!done) return;
    toastSuccess(t('users.passwordChanged'));
    onClose();
  };

  return (
    <Modal open={!!target} onClose={onClose} title={`${t('users.resetPassword')}{t('punct.colon')}${target?.name ?? ''}`}>
      <form onSubmit={(e) => (e.preventDefault(), void submit())} noValidate>
        <p className="mb-3 text-xs text-muted">{t('validation.strongPassword')}</p>
        <TextField
          label={t('users.newPassword')}
          name="newPassword"
          type="password"
          autoComplete="new-password"
          value={form.newPassword}
          onChange={(e) => setForm({ ...form, newPassword: e.target.value })}
          error={errors.newPassword}
        />
        <TextField
          label={t('users.confirmPassword')}
          name="confirmPassword"
          type="password"
          autoComplete="new-password"
          value={form.confirmPassword}
          onChange={(e) => setForm({ ...form, confirmPassword: e.target.value })}
          error={errors.confirmPassword}
        />
        <div className="mt-4 flex justify-end gap-2">
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button kind="primary" type="submit">
            {t('common.confirm')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}

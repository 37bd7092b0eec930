import { z } from 'zod';
import type { UserDto } from '../../../domain/schemas/auth';
import { passwordDigest } from '../../../domain/digest';
import { ROOT_USER_ID } from '../../../domain/enums';
import { MSG, strongPasswordSchema } from '../../../domain/validation';
import { api } from '../../app/api/client';
import { t, useLanguage } from '../../app/i18n/i18n';
import { Modal } from '../../app/ui/Modal';
import { FormActions } from '../../app/ui/form/FormActions';
import { FormTextField } from '../../app/ui/form/FormFields';
import { useFormDialog } from '../../app/ui/form/useFormDialog';
import { validateForm } from '../../app/widgets/formErrors';

const schema = z
  .object({ newPassword: strongPasswordSchema, confirmPassword: z.string().min(1, MSG.confirmRequired) })
  .refine((f) => f.newPassword === f.confirmPassword, { message: MSG.passwordMismatch, path: ['confirmPassword'] });

/** Root resets another user's password through updateByRoot {rootId, rootName, userId, newPassword}. */
export function ResetPasswordDialog({ target, rootName, onClose }: { target: UserDto | undefined; rootName: string; onClose: () => void }) {
  useLanguage();
  const form = useFormDialog({
    open: !!target,
    initial: () => ({ newPassword: '', confirmPassword: '' }),
    resetOn: [target],
    validate: (f) => validateForm(schema, f),
    submit: async (f) => {
      // the hook submits only while the dialog is open, which it is only with a target
      const body = { rootId: ROOT_USER_ID, rootName, userId: target!.id, newPassword: await passwordDigest(f.newPassword) };
      return api.put('/auth/v1/user/password/updateByRoot', body);
    },
    successText: t('users.passwordChanged'),
    onSaved: onClose,
  });

  return (
    <Modal open={!!target} onClose={onClose} title={`${t('users.resetPassword')}${t('punct.colon')}${target?.name ?? ''}`}>
      <form {...form.formProps}>
        <p className="mb-3 text-xs text-muted">{t('validation.strongPassword')}</p>
        <FormTextField label={t('users.newPassword')} field={form.field('newPassword')} type="password" autoComplete="new-password" />
        <FormTextField
          label={t('users.confirmPassword')}
          field={form.field('confirmPassword')}
          type="password"
          autoComplete="new-password"
        />
        <FormActions onClose={onClose} busy={form.busy} submitText={t('common.confirm')} />
      </form>
    </Modal>
  );
}

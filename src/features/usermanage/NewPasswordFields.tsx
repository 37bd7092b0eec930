import { t } from '../../app/i18n/i18n';
import { FormTextField } from '../../app/ui/form/FormFields';
import type { FieldBinding } from '../../app/ui/form/useFormDialog';

/** A new user's password and its confirmation (the project and the platform user dialogs). */
export function NewPasswordFields({ password, confirm }: { password: FieldBinding<string>; confirm: FieldBinding<string> }) {
  return (
    <>
      <FormTextField label={t('users.password')} field={password} type="password" autoComplete="new-password" />
      <FormTextField label={t('users.confirmPassword')} field={confirm} type="password" autoComplete="new-password" />
    </>
  );
}

import { MSG } from '../../../domain/validation';
import { t, useLanguage } from '../i18n/i18n';
import { Modal } from '../ui/Modal';
import { FormActions } from '../ui/form/FormActions';
import { useFormDialog } from '../ui/form/useFormDialog';
import { useSession } from '../session/SessionContext';
import { checkCredentials, CredentialFields, type Credentials } from '../session/CredentialFields';

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
  const form = useFormDialog({
    open,
    initial: (): Credentials => ({ userName: user?.name ?? '', password: '' }),
    validate: (c) => checkCredentials(c, { userName: MSG.usernameRequired, password: MSG.remotePasswordRequired }),
    submit: async (c) => {
      const refused = await onConfirm(c);
      // the command's refusal is shown above the buttons, the dialog stays open with the credentials
      if (refused) throw new Error(refused);
    },
    onSaved: onClose,
    // the command says its own success
    successText: null,
    serverError: 'inline',
  });

  return (
    <Modal open={open} onClose={onClose} title={t('verify.title')} width={380}>
      <form {...form.formProps} data-testid="verify-dialog">
        <CredentialFields
          userName={{ ...form.field('userName'), name: 'verifyUserName' }}
          password={{ ...form.field('password'), name: 'verifyPassword' }}
        />
        {form.serverError && (
          <p role="alert" data-testid="verify-error" className="mb-3 text-sm text-danger">
            {form.serverError}
          </p>
        )}
        <FormActions onClose={onClose} busy={form.busy} submitText={t('common.confirm')} className="flex justify-end gap-2" />
      </form>
    </Modal>
  );
}

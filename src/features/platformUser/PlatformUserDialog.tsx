import type { RoleDto } from '../../../domain/schemas/auth';
import type { PlatformUserRow } from '../../../domain/schemas/platform';
import { USER_TYPE } from '../../../domain/enums';
import { api } from '../../app/api/client';
import { t, useLanguage } from '../../app/i18n/i18n';
import { Modal } from '../../app/ui/Modal';
import { FormActions } from '../../app/ui/form/FormActions';
import { FormSelectField, FormTextField } from '../../app/ui/form/FormFields';
import type { EditDialogProps } from '../../app/ui/form/useEditDialog';
import { useFormDialog } from '../../app/ui/form/useFormDialog';
import { NewPasswordFields } from '../usermanage/NewPasswordFields';
import { validateForm } from '../../app/widgets/formErrors';
import { createSchema, editSchema, emptyForm, formOf, payloadOf } from './platformUserForm';

interface Props extends EditDialogProps<PlatformUserRow> {
  roles: RoleDto[];
  tenantId: number;
}

/** Create or edit a platform or service user (type 1 or 2) through /auth/v1/user. */
export function PlatformUserDialog({ open, editing, roles, tenantId, onClose, onSaved }: Props) {
  useLanguage();
  const form = useFormDialog({
    open,
    initial: () => (editing ? formOf(editing) : emptyForm()),
    resetOn: [editing],
    validate: (f) => validateForm(editing ? editSchema : createSchema, f),
    submit: async (_valid, f) => {
      const body = await payloadOf(f, editing?.tenantId ?? tenantId, editing);
      return editing ? api.put<number>('/auth/v1/user', body) : api.post<number>('/auth/v1/user', body);
    },
    onSaved,
  });

  return (
    <Modal open={open} onClose={onClose} title={t(editing ? 'platformUser.editTitle' : 'platformUser.createTitle')} width={460}>
      <form {...form.formProps} data-testid="platform-user-form">
        <FormTextField label={t('users.name')} field={form.field('name')} autoComplete="off" />
        <FormSelectField
          label={t('platformUser.type')}
          field={form.field('usertype')}
          placeholder="--"
          options={[
            { value: String(USER_TYPE.PLATFORM), label: t('platformUser.type1') },
            { value: String(USER_TYPE.SERVICE), label: t('platformUser.type2') },
          ]}
        />
        <FormSelectField
          label={t('users.role')}
          field={form.field('roleId')}
          placeholder="--"
          options={roles.filter((r) => r.tenantId === (editing?.tenantId ?? tenantId)).map((r) => ({ value: String(r.id), label: r.name }))}
        />
        <FormTextField label={t('users.mobile')} field={form.field('mobilePhone')} />
        <FormTextField label={t('users.email')} field={form.field('email')} />
        {!editing && <NewPasswordFields password={form.field('password')} confirm={form.field('confirmPassword')} />}
        <FormActions onClose={onClose} busy={form.busy} />
      </form>
    </Modal>
  );
}

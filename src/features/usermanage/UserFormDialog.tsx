import type { RoleDto, UserDto } from '../../../domain/schemas/auth';
import { api } from '../../app/api/client';
import { t, useLanguage } from '../../app/i18n/i18n';
import { Modal } from '../../app/ui/Modal';
import { FormActions } from '../../app/ui/form/FormActions';
import { FormSelectField, FormTextField } from '../../app/ui/form/FormFields';
import { TenantField } from '../../app/ui/form/TenantField';
import type { TenantChoice } from '../../app/api/useTenantChoice';
import type { EditDialogProps } from '../../app/ui/form/useEditDialog';
import { useFormDialog } from '../../app/ui/form/useFormDialog';
import { NewPasswordFields } from './NewPasswordFields';
import { validateForm } from '../../app/widgets/formErrors';
import { emptyUserForm, userCreateSchema, userEditSchema, userFormOf, userPayload, type UserForm } from './userForm';

interface Props extends EditDialogProps<UserDto>, TenantChoice {
  roles: RoleDto[];
}

/** Create (with password and confirmation) or edit a project user. */
export function UserFormDialog({ open, editing, roles, tenants, defaultTenantId, onClose, onSaved }: Props) {
  useLanguage();
  const form = useFormDialog({
    open,
    initial: (): UserForm => (editing ? userFormOf(editing) : emptyUserForm(defaultTenantId)),
    resetOn: [editing, defaultTenantId],
    validate: (f) => validateForm(editing ? userEditSchema : userCreateSchema, f),
    submit: async (_valid, f) => {
      const body = await userPayload(f, editing);
      return editing ? api.put<number>('/auth/v1/user', body) : api.post<number>('/auth/v1/user', body);
    },
    onSaved,
  });
  const tenantRoles = roles.filter((r) => String(r.tenantId) === form.draft.tenantId);

  return (
    <Modal open={open} onClose={onClose} title={t(editing ? 'users.editTitle' : 'users.createTitle')} width={460}>
      <form {...form.formProps}>
        <FormTextField label={t('users.name')} field={form.field('name')} autoComplete="off" />
        {tenants.length > 1 && (
          // a role belongs to one tenant: another tenant's choice starts the role again
          <TenantField field={form.field('tenantId', { roleId: '' })} tenants={tenants} />
        )}
        <FormSelectField
          label={t('users.role')}
          field={form.field('roleId')}
          placeholder="--"
          options={tenantRoles.map((r) => ({ value: String(r.id), label: r.name }))}
        />
        <FormTextField label={t('users.mobile')} field={form.field('mobilePhone')} />
        <FormTextField label={t('users.email')} field={form.field('email')} />
        <div className="grid grid-cols-2 gap-x-3">
          <FormTextField label={t('users.wecomId')} field={form.field('wecomId')} autoComplete="off" />
          <FormTextField label={t('users.dingtalkId')} field={form.field('dingtalkId')} autoComplete="off" />
        </div>
        {!editing && <NewPasswordFields password={form.field('password')} confirm={form.field('confirmPassword')} />}
        <FormActions onClose={onClose} busy={form.busy} />
      </form>
    </Modal>
  );
}

import { useEffect, useState } from 'react';
import type { RoleDto, TenantDto, UserDto } from '../../../domain/schemas/auth';
import { api } from '../../app/api/client';
import { t, useLanguage } from '../../app/i18n/i18n';
import { Button, Modal, TextField } from '../../app/ui/Modal';
import { toastSuccess } from '../../app/ui/toastStore';
import { SelectField } from '../../app/widgets/SelectField';
import { validateForm, type FieldErrors } from '../../app/widgets/formErrors';
import { emptyUserForm, userCreateSchema, userEditSchema, userFormOf, userPayload, type UserForm } from './userForm';

interface Props {
  open: boolean;
  editing: UserDto | undefined;
  roles: RoleDto[];
  tenants: TenantDto[];
  defaultTenantId: number | undefined;
  onClose: () => void;
  onSaved: () => void;
}

/** Create (with password and confirmation) or edit a project user. */
export function UserFormDialog({ open, editing, roles, tenants, defaultTenantId, onClose, onSaved }: Props) {
  useLanguage();
  const [form, setForm] = useState<UserForm>(emptyUserForm(defaultTenantId));
  const [errors, setErrors] = useState<FieldErrors>({});
  useEffect(() => {
    if (!open) return;
    setForm(editing ? userFormOf(editing) : emptyUserForm(defaultTenantId));
    setErrors({});
  }, [open, editing, defaultTenantId]);

  const set = (key: keyof UserForm) => (value: string) =>
    setForm((f) => ({ ...f, [key]: value, ...(key === 'tenantId' ? { roleId: '' } : {}) }));
  const tenantRoles = roles.filter((r) => String(r.tenantId) === form.tenantId);

  const submit = async () => {
    const checked = validateForm(editing ? userEditSchema : userCreateSchema, form);
    if (!checked.ok) return setErrors(checked.errors);
    setErrors({});
    const body = await userPayload(form, editing);
    const res = editing
      ? await api.put<number>('/auth/v1/user', body).catch(() => null)
      : await api.post<number>('/auth/v1/user', body).catch(() => null);
    if (res === null) return;
    toastSuccess(t('table.saveSuccess'));
    onSaved();
  };

  return (
    <Modal open={open} onClose={onClose} title={t(editing ? 'users.editTitle' : 'users.createTitle')} width={460}>
      <form onSubmit={(e) => (e.preventDefault(), void submit())} noValidate>
        <TextField
          label={t('users.name')}
          name="name"
          value={form.name}
          onChange={(e) => set('name')(e.target.value)}
          error={errors.name}
          autoComplete="off"
        />
        {tenants.length > 1 && (
          <SelectField
            label={t('users.tenant')}
            name="tenantId"
            value={form.tenantId}
            onChange={set('tenantId')}
            error={errors.tenantId}
            placeholder="--"
            options={tenants.map((x) => ({ value: String(x.id), label: x.name }))}
          />
        )}
        <SelectField
          label={t('users.role')}
          name="roleId"
          value={form.roleId}
          onChange={set('roleId')}
          error={errors.roleId}
          placeholder="--"
          options={tenantRoles.map((r) => ({ value: String(r.id), label: r.name }))}
        />
        <TextField
          label={t('users.mobile')}
          name="mobilePhone"
          value={form.mobilePhone}
          onChange={(e) => set('mobilePhone')(e.target.value)}
          error={errors.mobilePhone}
        />
        <TextField
          label={t('users.email')}
          name="email"
          value={form.email}
          onChange={(e) => set('email')(e.target.value)}
          error={errors.email}
        />
        <div className="grid grid-cols-2 gap-x-3">
          <TextField
            label={t('users.wecomId')}
            name="wecomId"
            value={form.wecomId}
            onChange={(e) => set('wecomId')(e.target.value)}
            error={errors.wecomId}
            autoComplete="off"
          />
          <TextField
            label={t('users.dingtalkId')}
            name="dingtalkId"
            value={form.dingtalkId}
            onChange={(e) => set('dingtalkId')(e.target.value)}
            error={errors.dingtalkId}
            autoComplete="off"
          />
        </div>
        {!editing && (
          <>
            <TextField
              label={t('users.password')}
              name="password"
              type="password"
              autoComplete="new-password"
              value={form.password}
              onChange={(e) => set('password')(e.target.value)}
              error={errors.password}
            />
            <TextField
              label={t('users.confirmPassword')}
              name="confirmPassword"
              type="password"
              autoComplete="new-password"
              value={form.confirmPassword}
              onChange={(e) => set('confirmPassword')(e.target.value)}
              error={errors.confirmPassword}
            />
          </>
        )}
        <div className="mt-4 flex justify-end gap-2">
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button kind="primary" type="submit">
            {t('common.save')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}

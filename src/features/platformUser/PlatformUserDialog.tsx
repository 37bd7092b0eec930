import { useEffect, useState } from 'react';
import type { RoleDto } from '../../../domain/schemas/auth';
import type { PlatformUserRow } from '../../../domain/schemas/platform';
import { USER_TYPE } from '../../../domain/enums';
import { api } from '../../app/api/client';
import { t, useLanguage } from '../../app/i18n/i18n';
import { Button, Modal, TextField } from '../../app/ui/Modal';
import { toastSuccess } from '../../app/ui/toastStore';
import { SelectField } from '../../app/widgets/SelectField';
import { validateForm, type FieldErrors } from '../../app/widgets/formErrors';
import { createSchema, editSchema, emptyForm, formOf, payloadOf, type PlatformUserForm } from './platformUserForm';

interface Props {
  open: boolean;
  editing: PlatformUserRow | undefined;
  roles: RoleDto[];
  tenantId: number;
  onClose: () => void;
  onSaved: () => void;
}

/** Create or edit a platform or service user (type 1 or 2) through /auth/v1/user. */
export function PlatformUserDialog({ open, editing, roles, tenantId, onClose, onSaved }: Props) {
  useLanguage();
  const [form, setForm] = useState<PlatformUserForm>(emptyForm());
  const [errors, setErrors] = useState<FieldErrors>({});
  useEffect(() => {
    if (!open) return;
    setForm(editing ? formOf(editing) : emptyForm());
    setErrors({});
  }, [open, editing]);
  const set = (key: keyof PlatformUserForm) => (value: string) => setForm((f) => ({ ...f, [key]: value }));

  const submit = async () => {
    const checked = validateForm(editing ? editSchema : createSchema, form);
    if (!checked.ok) return setErrors(checked.errors);
    setErrors({});
    const body = await payloadOf(form, editing?.tenantId ?? tenantId, editing);
    const res = editing
      ? await api.put<number>('/auth/v1/user', body).catch(() => null)
      : await api.post<number>('/auth/v1/user', body).catch(() => null);
    if (res === null) return;
    toastSuccess(t('table.saveSuccess'));
    onSaved();
  };

  return (
    <Modal open={open} onClose={onClose} title={t(editing ? 'platformUser.editTitle' : 'platformUser.createTitle')} width={460}>
      <form onSubmit={(e) => (e.preventDefault(), void submit())} noValidate data-testid="platform-user-form">
        <TextField
          label={t('users.name')}
          name="name"
          value={form.name}
          onChange={(e) => set('name')(e.target.value)}
          error={errors.name}
          autoComplete="off"
        />
        <SelectField
          label={t('platformUser.type')}
          name="usertype"
          value={form.usertype}
          onChange={set('usertype')}
          error={errors.usertype}
          placeholder="--"
          options={[
            { value: String(USER_TYPE.PLATFORM), label: t('platformUser.type1') },
            { value: String(USER_TYPE.SERVICE), label: t('platformUser.type2') },
          ]}
        />
        <SelectField
          label={t('users.role')}
          name="roleId"
          value={form.roleId}
          onChange={set('roleId')}
          error={errors.roleId}
          placeholder="--"
          options={roles.filter((r) => r.tenantId === (editing?.tenantId ?? tenantId)).map((r) => ({ value: String(r.id), label: r.name }))}
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

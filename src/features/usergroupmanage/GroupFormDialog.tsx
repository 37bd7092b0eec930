import { useMemo, useRef } from 'react';
import { z } from 'zod';
import type { UserDto, UsergroupDto } from '../../../domain/schemas/auth';
import { parseJsonObject } from '../../../domain/access';
import { plainNameSchema, requiredSelect } from '../../../domain/validation';
import { api } from '../../app/api/client';
import { uploadFile } from '../../app/api/blob';
import { t, useLanguage } from '../../app/i18n/i18n';
import { Button } from '../../app/ui/Modal';
import { FormTextField } from '../../app/ui/form/FormFields';
import { TreeFormDialog } from '../../app/ui/form/TreeFormDialog';
import { TenantField } from '../../app/ui/form/TenantField';
import type { TenantChoice } from '../../app/api/useTenantChoice';
import type { EditDialogProps } from '../../app/ui/form/useEditDialog';
import { useFormDialog } from '../../app/ui/form/useFormDialog';
import { toastSuccess } from '../../app/ui/toastStore';
import { validateForm } from '../../app/widgets/formErrors';
import { LogoImage } from './LogoImage';
import zh from '../../app/i18n/locales/zh_cn/common';

const schema = z.object({ name: plainNameSchema, tenantId: requiredSelect(zh['term.tenant']) });

/** The editor's draft of a stored group (or a new one in the default tenant). */
function groupFormOf(editing: UsergroupDto | undefined, defaultTenantId: number | undefined) {
  const logo = parseJsonObject(editing?.customConfig).fileName;
  return {
    name: editing?.name ?? '',
    tenantId: editing ? String(editing.tenantId) : defaultTenantId !== undefined ? String(defaultTenantId) : '',
    members: new Set(editing?.users.map((u) => String(u.id)) ?? []) as ReadonlySet<string>,
    fileName: typeof logo === 'string' && logo ? logo : null,
  };
}

interface Props extends EditDialogProps<UsergroupDto>, TenantChoice {
  users: UserDto[];
}

/** User group editor: name, members (a checkable list with filter and Shift ranges) and the logo. */
export function GroupFormDialog({ open, editing, users, tenants, defaultTenantId, onClose, onSaved }: Props) {
  useLanguage();
  const form = useFormDialog({
    open,
    initial: () => groupFormOf(editing, defaultTenantId),
    resetOn: [editing, defaultTenantId],
    validate: (f) => validateForm(schema, f),
    submit: (_valid, f) => {
      const cfg = { ...parseJsonObject(editing?.customConfig), fileName: f.fileName ?? undefined };
      const body = {
        name: f.name,
        tenantId: Number(f.tenantId),
        customConfig: JSON.stringify(cfg),
        users: [...f.members].map((id) => ({ id: Number(id) })),
      };
      return editing ? api.put('/auth/v1/usergroup', { ...body, id: editing.id }) : api.post('/auth/v1/usergroup', body);
    },
    onSaved,
  });
  const { tenantId, fileName } = form.draft;
  const fileInput = useRef<HTMLInputElement>(null);

  // Members must belong to the group's tenant (the server refuses others).
  const memberNodes = useMemo(
    () => users.filter((u) => String(u.tenantId) === tenantId).map((u) => ({ id: String(u.id), label: u.name })),
    [users, tenantId],
  );

  const onFile = async (file: File | undefined) => {
    if (!file) return;
    const name = await uploadFile(file, tenantId ? Number(tenantId) : undefined).catch(() => null);
    if (fileInput.current) fileInput.current.value = '';
    if (!name) return;
    form.set('fileName', name);
    toastSuccess(t('common.uploadSuccess'));
  };

  return (
    <TreeFormDialog
      open={open}
      onClose={onClose}
      title={t(editing ? 'groups.editTitle' : 'groups.createTitle')}
      width={640}
      form={form}
      columns="grid-cols-[15rem_1fr]"
      fields={
        <>
          <FormTextField label={t('groups.name')} field={form.field('name')} autoComplete="off" />
          {tenants.length > 1 && !editing && (
            // members must be the tenant's: another tenant's choice starts them again
            <TenantField field={form.field('tenantId', { members: new Set() })} tenants={tenants} />
          )}
          <span className="mb-1 block text-sm text-muted">{t('groups.logo')}</span>
          <div className="flex items-center gap-3">
            <LogoImage fileName={fileName} size={56} />
            <div className="flex flex-col gap-1">
              <Button onClick={() => fileInput.current?.click()}>{t('groups.upload')}</Button>
              {fileName && (
                <button type="button" className="text-xs text-danger hover:underline" onClick={() => form.set('fileName', null)}>
                  {t('groups.removeLogo')}
                </button>
              )}
            </div>
          </div>
          <input
            ref={fileInput}
            type="file"
            name="file"
            accept=".png,.jpg,.jpeg,.gif,.webp,.bmp"
            className="hidden"
            data-testid="logo-input"
            onChange={(e) => void onFile(e.target.files?.[0])}
          />
          <p className="mt-2 text-xs text-muted">{t('groups.uploadHint')}</p>
        </>
      }
      tree={{ label: t('groups.members'), nodes: memberNodes, field: form.field('members'), className: 'h-[20rem]', testId: 'member-tree' }}
    />
  );
}

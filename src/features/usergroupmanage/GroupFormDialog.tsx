import { useEffect, useMemo, useRef, useState } from 'react';
import { z } from 'zod';
import type { TenantDto, UserDto, UsergroupDto } from '../../../domain/schemas/auth';
import { parseJsonObject } from '../../../domain/access';
import { plainNameSchema, requiredSelect } from '../../../domain/validation';
import { api } from '../../app/api/client';
import { uploadFile } from '../../app/api/blob';
import { t, useLanguage } from '../../app/i18n/i18n';
import { Button, Modal, TextField } from '../../app/ui/Modal';
import { toastSuccess } from '../../app/ui/toastStore';
import { SelectField } from '../../app/widgets/SelectField';
import { Tree } from '../../app/widgets/tree/Tree';
import { validateForm, type FieldErrors } from '../../app/widgets/formErrors';
import { LogoImage } from './LogoImage';
import zh from '../../app/i18n/locales/zh_cn';

const schema = z.object({ name: plainNameSchema, tenantId: requiredSelect(zh['term.tenant']) });

interface Props {
  open: boolean;
  editing: UsergroupDto | undefined;
  users: UserDto[];
  tenants: TenantDto[];
  defaultTenantId: number | undefined;
  onClose: () => void;
  onSaved: () => void;
}

/** User group editor: name, members (a checkable list with filter and Shift ranges) and the logo. */
export function GroupFormDialog({ open, editing, users, tenants, defaultTenantId, onClose, onSaved }: Props) {
  useLanguage();
  const [name, setName] = useState('');
  const [tenantId, setTenantId] = useState('');
  const [members, setMembers] = useState<ReadonlySet<string>>(new Set());
  const [fileName, setFileName] = useState<string | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const fileInput = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (!open) return;
    setName(editing?.name ?? '');
    setTenantId(editing ? String(editing.tenantId) : defaultTenantId !== undefined ? String(defaultTenantId) : '');
    setMembers(new Set(editing?.users.map((u) => String(u.id)) ?? []));
    const logo = parseJsonObject(editing?.customConfig).fileName;
    setFileName(typeof logo === 'string' && logo ? logo : null);
    setErrors({});
  }, [open, editing, defaultTenantId]);

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
    setFileName(name);
    toastSuccess(t('common.uploadSuccess'));
  };

  const submit = async () => {
    const v = validateForm(schema, { name, tenantId });
    if (!v.ok) return setErrors(v.errors);
    setErrors({});
    const cfg = { ...parseJsonObject(editing?.customConfig), fileName: fileName ?? undefined };
    const body = {
      name,
      tenantId: Number(tenantId),
      customConfig: JSON.stringify(cfg),
      users: [...members].map((id) => ({ id: Number(id) })),
    };
    const saved = await (editing ? api.put('/auth/v1/usergroup', { ...body, id: editing.id }) : api.post('/auth/v1/usergroup', body)).then(
      () => true,
      () => false,
    );
    if (!saved) return;
    toastSuccess(t('table.saveSuccess'));
    onSaved();
  };

  return (
    <Modal open={open} onClose={onClose} title={t(editing ? 'groups.editTitle' : 'groups.createTitle')} width={640}>
      <form onSubmit={(e) => (e.preventDefault(), void submit())} noValidate className="grid grid-cols-[15rem_1fr] gap-5">
        <div>
          <TextField
            label={t('groups.name')}
            name="name"
            value={name}
            onChange={(e) => setName(e.target.value)}
            error={errors.name}
            autoComplete="off"
          />
          {tenants.length > 1 && !editing && (
            <SelectField
              label={t('users.tenant')}
              name="tenantId"
              value={tenantId}
              onChange={(v) => (setTenantId(v), setMembers(new Set()))}
              error={errors.tenantId}
              placeholder="--"
              options={tenants.map((x) => ({ value: String(x.id), label: x.name }))}
            />
          )}
          <span className="mb-1 block text-sm text-muted">{t('groups.logo')}</span>
          <div className="flex items-center gap-3">
            <LogoImage fileName={fileName} size={56} />
            <div className="flex flex-col gap-1">
              <Button onClick={() => fileInput.current?.click()}>{t('groups.upload')}</Button>
              {fileName && (
                <button type="button" className="text-xs text-danger hover:underline" onClick={() => setFileName(null)}>
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
        </div>
        <div className="flex flex-col">
          <span className="mb-1 text-sm text-muted">{t('groups.members')}</span>
          <Tree nodes={memberNodes} checkable checked={members} onCheckedChange={setMembers} className="h-[20rem]" testId="member-tree" />
        </div>
        <div className="col-span-2 flex justify-end gap-2">
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button kind="primary" type="submit">
            {t('common.save')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}

import { useEffect, useMemo, useState } from 'react';
import { z } from 'zod';
import type { RoleDto, TenantDto } from '../../../domain/schemas/auth';
import { parseJsonObject } from '../../../domain/access';
import { permissionById } from '../../../domain/permissions';
import { ROUTES } from '../../../domain/routes';
import { plainNameSchema, requiredSelect } from '../../../domain/validation';
import { api } from '../../app/api/client';
import { currentLanguage, t, tDynamic, useLanguage, type MessageKey } from '../../app/i18n/i18n';
import { useSession } from '../../app/session/SessionContext';
import { Button, Modal, TextField } from '../../app/ui/Modal';
import { toastSuccess } from '../../app/ui/toastStore';
import { SelectField } from '../../app/widgets/SelectField';
import { Tree } from '../../app/widgets/tree/Tree';
import { validateForm, type FieldErrors } from '../../app/widgets/formErrors';
import { buildPermissionTree, grantsOf, heldPermissions, nodeId } from './permissionTree';
import zh from '../../app/i18n/locales/zh_cn';

const schema = z.object({ name: plainNameSchema, tenantId: requiredSelect(zh['term.tenant']) });

interface Props {
  open: boolean;
  editing: RoleDto | undefined;
  tenants: TenantDto[];
  defaultTenantId: number | undefined;
  onClose: () => void;
  onSaved: () => void;
}

/** Role editor: name, permission tree (pages wp_* and operations) and the homepage choice. */
export function RoleFormDialog({ open, editing, tenants, defaultTenantId, onClose, onSaved }: Props) {
  useLanguage();
  const { user } = useSession();
  const held = useMemo(() => heldPermissions(user), [user]);
  const tree = useMemo(
    () =>
      buildPermissionTree(held, (k) => tDynamic(k), {
        pages: t('roles.pages'),
        operations: t('roles.operations'),
        text: (k) => tDynamic(k),
        join: (g, a) => (currentLanguage() === 'en' ? `${g}: ${a}` : `${g}${a}`),
        withName: (label, name) => `${label}${t('punct.parenthesized', { text: name })}`,
      }),
    [held],
  );
  const [name, setName] = useState('');
  const [tenantId, setTenantId] = useState('');
  const [homepage, setHomepage] = useState('');
  const [checked, setChecked] = useState<ReadonlySet<string>>(new Set());
  const [errors, setErrors] = useState<FieldErrors>({});

  useEffect(() => {
    if (!open) return;
    const heldIds = new Set(held.map((p) => p.id));
    setName(editing?.name ?? '');
    setTenantId(editing ? String(editing.tenantId) : defaultTenantId !== undefined ? String(defaultTenantId) : '');
    setHomepage(String(parseJsonObject(editing?.customConfig).homepage ?? ''));
    // Permissions the editor does not hold cannot be granted again, so they are not pre-checked.
    setChecked(
      new Set([...(editing?.pageNodes.map((n) => n.id) ?? []), ...(editing?.auths ?? [])].filter((id) => heldIds.has(id)).map(nodeId)),
    );
    setErrors({});
  }, [open, editing, defaultTenantId, held]);

  const grants = grantsOf(checked);
  // The homepage must be a main-shell page the role holds (the server checks the same).
  const homepageOptions = ROUTES.filter(
    (r) => r.shell === 'main' && grants.pageNodes.some((n) => permissionById(n.id)?.name === r.permission),
  ).map((r) => ({ value: r.path, label: t(r.titleKey as MessageKey) }));

  const submit = async () => {
    const v = validateForm(schema, { name, tenantId });
    if (!v.ok) return setErrors(v.errors);
    setErrors({});
    const home = homepageOptions.some((o) => o.value === homepage) ? homepage : '';
    const cfg = { ...parseJsonObject(editing?.customConfig), homepage: home || undefined };
    const body = { name, tenantId: Number(tenantId), customConfig: JSON.stringify(cfg), ...grants };
    const saved = await (editing ? api.put('/auth/v1/role', { ...body, id: editing.id }) : api.post('/auth/v1/role', body)).then(
      () => true,
      () => false,
    );
    if (!saved) return;
    toastSuccess(t('table.saveSuccess'));
    onSaved();
  };

  return (
    <Modal open={open} onClose={onClose} title={t(editing ? 'roles.editTitle' : 'roles.createTitle')} width={760}>
      <form onSubmit={(e) => (e.preventDefault(), void submit())} noValidate className="grid grid-cols-[16.25rem_1fr] gap-5">
        <div>
          <TextField
            label={t('roles.name')}
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
              onChange={setTenantId}
              error={errors.tenantId}
              placeholder="--"
              options={tenants.map((x) => ({ value: String(x.id), label: x.name }))}
            />
          )}
          <SelectField
            label={t('roles.homepage')}
            name="homepage"
            value={homepage}
            onChange={setHomepage}
            placeholder={t('roles.noHomepage')}
            options={homepageOptions}
          />
          <p className="text-xs text-muted">{t('roles.treeHint')}</p>
        </div>
        <div className="flex flex-col">
          <span className="mb-1 text-sm text-muted">{t('roles.permissions')}</span>
          <Tree nodes={tree} checkable checked={checked} onCheckedChange={setChecked} className="h-[26.25rem]" testId="permission-tree" />
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

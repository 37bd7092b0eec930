import { useMemo } from 'react';
import { z } from 'zod';
import type { RoleDto } from '../../../domain/schemas/auth';
import { parseJsonObject } from '../../../domain/access';
import { permissionById, type PermissionEntry } from '../../../domain/permissions';
import { ROUTES } from '../../../domain/routes';
import { plainNameSchema, requiredSelect } from '../../../domain/validation';
import { api } from '../../app/api/client';
import { currentLanguage, t, tDynamic, useLanguage, type MessageKey } from '../../app/i18n/i18n';
import { useSession } from '../../app/session/SessionContext';
import { FormSelectField, FormTextField } from '../../app/ui/form/FormFields';
import { TreeFormDialog } from '../../app/ui/form/TreeFormDialog';
import { TenantField } from '../../app/ui/form/TenantField';
import type { TenantChoice } from '../../app/api/useTenantChoice';
import type { EditDialogProps } from '../../app/ui/form/useEditDialog';
import { useFormDialog } from '../../app/ui/form/useFormDialog';
import { validateForm } from '../../app/widgets/formErrors';
import { buildPermissionTree, grantsOf, heldPermissions, nodeId } from './permissionTree';
import zh from '../../app/i18n/locales/zh_cn/common';

const schema = z.object({ name: plainNameSchema, tenantId: requiredSelect(zh['term.tenant']) });

/** The homepage must be a main-shell page the role holds (the server checks the same). */
const homepageOptionsOf = (grants: ReturnType<typeof grantsOf>) =>
  ROUTES.filter((r) => r.shell === 'main' && grants.pageNodes.some((n) => permissionById(n.id)?.name === r.permission)).map((r) => ({
    value: r.path,
    label: t(r.titleKey as MessageKey),
  }));

/**
 * The editor's draft of a stored role (or a new one). Permissions the editor does not hold cannot be
 * granted again, so they are not pre-checked.
 */
function roleFormOf(editing: RoleDto | undefined, defaultTenantId: number | undefined, held: readonly PermissionEntry[]) {
  const heldIds = new Set(held.map((p) => p.id));
  return {
    name: editing?.name ?? '',
    tenantId: editing ? String(editing.tenantId) : defaultTenantId !== undefined ? String(defaultTenantId) : '',
    homepage: String(parseJsonObject(editing?.customConfig).homepage ?? ''),
    checked: new Set(
      [...(editing?.pageNodes.map((n) => n.id) ?? []), ...(editing?.auths ?? [])].filter((id) => heldIds.has(id)).map(nodeId),
    ) as ReadonlySet<string>,
  };
}

/** Role editor: name, permission tree (pages wp_* and operations) and the homepage choice. */
export function RoleFormDialog({ open, editing, tenants, defaultTenantId, onClose, onSaved }: EditDialogProps<RoleDto> & TenantChoice) {
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
  const form = useFormDialog({
    open,
    initial: () => roleFormOf(editing, defaultTenantId, held),
    resetOn: [editing, defaultTenantId, held],
    validate: (f) => validateForm(schema, f),
    submit: (_valid, f) => {
      const grants = grantsOf(f.checked);
      const home = homepageOptionsOf(grants).some((o) => o.value === f.homepage) ? f.homepage : '';
      const cfg = { ...parseJsonObject(editing?.customConfig), homepage: home || undefined };
      const body = { name: f.name, tenantId: Number(f.tenantId), customConfig: JSON.stringify(cfg), ...grants };
      return editing ? api.put('/auth/v1/role', { ...body, id: editing.id }) : api.post('/auth/v1/role', body);
    },
    onSaved,
  });
  const homepageOptions = homepageOptionsOf(grantsOf(form.draft.checked));

  return (
    <TreeFormDialog
      open={open}
      onClose={onClose}
      title={t(editing ? 'roles.editTitle' : 'roles.createTitle')}
      width={760}
      form={form}
      columns="grid-cols-[16.25rem_1fr]"
      fields={
        <>
          <FormTextField label={t('roles.name')} field={form.field('name')} autoComplete="off" />
          {tenants.length > 1 && !editing && <TenantField field={form.field('tenantId')} tenants={tenants} />}
          <FormSelectField
            label={t('roles.homepage')}
            field={form.field('homepage')}
            placeholder={t('roles.noHomepage')}
            options={homepageOptions}
          />
          <p className="text-xs text-muted">{t('roles.treeHint')}</p>
        </>
      }
      tree={{
        label: t('roles.permissions'),
        nodes: tree,
        field: form.field('checked'),
        className: 'h-[26.25rem]',
        testId: 'permission-tree',
      }}
    />
  );
}

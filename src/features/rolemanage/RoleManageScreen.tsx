import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { RoleDto } from '../../../domain/schemas/auth';
import { parseJsonObject } from '../../../domain/access';
import { findRoute } from '../../../domain/routes';
import { api } from '../../app/api/client';
import { directoryQueries } from '../../app/api/directory';
import { queryKeys } from '../../app/api/queryKeys';
import { useInvalidate } from '../../app/api/useInvalidate';
import { useTenantChoice } from '../../app/api/useTenantChoice';
import { useEditDialog } from '../../app/ui/form/useEditDialog';
import { t, useLanguage, type MessageKey } from '../../app/i18n/i18n';
import { DataTable, type Column } from '../../app/widgets/table/DataTable';
import { ScreenFrame } from '../../app/widgets/ScreenFrame';
import { RoleFormDialog } from './RoleFormDialog';

const homepageOf = (r: RoleDto) => {
  const path = parseJsonObject(r.customConfig).homepage;
  const route = typeof path === 'string' ? findRoute(path) : undefined;
  return route ? t(route.titleKey as MessageKey) : undefined;
};

/** /rolemanage: roles of the caller's tenants with their page and operation permissions. */
export default function RoleManageScreen() {
  useLanguage();
  const roles = useQuery(directoryQueries.roles());
  const { choice, tenantName } = useTenantChoice();
  const invalidate = useInvalidate();
  const dialog = useEditDialog<RoleDto>(() => invalidate(queryKeys.directory.all));
  const columns = useMemo<Column<RoleDto>[]>(
    () => [
      { id: 'name', header: t('roles.name'), value: (r) => r.name },
      { id: 'homepage', header: t('roles.homepage'), value: homepageOf },
      { id: 'pages', header: t('roles.pageCount'), value: (r) => r.pageNodes.length },
      { id: 'ops', header: t('roles.opCount'), value: (r) => r.auths.length },
      { id: 'tenant', header: t('users.tenant'), value: (r) => tenantName.get(r.tenantId) },
    ],
    [tenantName],
  );
  return (
    <ScreenFrame title={t('route.rolemanage')} testId="rolemanage">
      <DataTable
        testId="role-table"
        columns={columns}
        data={roles.data ?? []}
        load={roles}
        getRowId={(r) => String(r.id)}
        onCreate={dialog.create}
        onEdit={dialog.edit}
        target={{ noun: t('term.role'), name: (r) => r.name }}
        onDelete={async (rows) => {
          await api.del('/auth/v1/role', { ids: rows.map((r) => r.id) });
          invalidate(queryKeys.directory.all);
        }}
      />
      <RoleFormDialog {...dialog.dialogProps} {...choice} />
    </ScreenFrame>
  );
}

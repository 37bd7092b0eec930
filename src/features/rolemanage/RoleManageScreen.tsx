import { useMemo } from 'react';
import type { RoleDto } from '../../../domain/schemas/auth';
import { parseJsonObject } from '../../../domain/access';
import { findRoute } from '../../../domain/routes';
import { directoryQueries } from '../../app/api/directory';
import { useTenantChoice } from '../../app/api/useTenantChoice';
import { useDirectoryList } from '../../app/api/useDirectoryList';
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
  const { choice, tenantName } = useTenantChoice();
  const roles = useDirectoryList(directoryQueries.roles(), t('term.role'), '/auth/v1/role');
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
      <DataTable testId="role-table" columns={columns} {...roles.table} />
      <RoleFormDialog {...roles.dialog} {...choice} />
    </ScreenFrame>
  );
}

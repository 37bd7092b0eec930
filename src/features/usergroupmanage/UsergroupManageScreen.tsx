import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { UsergroupDto } from '../../../domain/schemas/auth';
import { parseJsonObject } from '../../../domain/access';
import { directoryQueries } from '../../app/api/directory';
import { useTenantChoice } from '../../app/api/useTenantChoice';
import { useDirectoryList } from '../../app/api/useDirectoryList';
import { t, useLanguage } from '../../app/i18n/i18n';
import { DataTable, type Column } from '../../app/widgets/table/DataTable';
import { ScreenFrame } from '../../app/widgets/ScreenFrame';
import { GroupFormDialog } from './GroupFormDialog';
import { LogoImage } from './LogoImage';

const logoOf = (g: UsergroupDto) => {
  const v = parseJsonObject(g.customConfig).fileName;
  return typeof v === 'string' && v ? v : null;
};

/** /usergroupmanage: groups with members and logo; a group in use cannot be deleted (server rule). */
export default function UsergroupManageScreen() {
  useLanguage();
  const users = useQuery(directoryQueries.users());
  const { choice, tenantName } = useTenantChoice();
  const groups = useDirectoryList(directoryQueries.groups(), t('term.userGroup'), '/auth/v1/usergroup');
  const columns = useMemo<Column<UsergroupDto>[]>(
    () => [
      { id: 'logo', header: t('groups.logo'), value: logoOf, cell: (g) => <LogoImage fileName={logoOf(g)} size={28} />, width: 80 },
      { id: 'name', header: t('groups.name'), value: (g) => g.name },
      { id: 'count', header: t('groups.memberCount'), value: (g) => g.users.length, width: 100 },
      { id: 'members', header: t('groups.members'), value: (g) => g.users.map((u) => u.name).join(t('punct.listSeparator')) },
      { id: 'tenant', header: t('users.tenant'), value: (g) => tenantName.get(g.tenantId) },
    ],
    [tenantName],
  );
  return (
    <ScreenFrame title={t('route.usergroupmanage')} testId="usergroupmanage">
      <DataTable testId="group-table" columns={columns} {...groups.table} />
      <GroupFormDialog {...groups.dialog} {...choice} users={users.data ?? []} />
    </ScreenFrame>
  );
}

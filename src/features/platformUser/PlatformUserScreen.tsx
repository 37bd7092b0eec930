import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { PlatformUserRow } from '../../../domain/schemas/platform';
import { USER_TYPE } from '../../../domain/enums';
import { api } from '../../app/api/client';
import { directoryQueries } from '../../app/api/directory';
import { queryKeys } from '../../app/api/queryKeys';
import { useInvalidate } from '../../app/api/useInvalidate';
import { useDirectoryList } from '../../app/api/useDirectoryList';
import { t, useLanguage } from '../../app/i18n/i18n';
import { useSession } from '../../app/session/SessionContext';
import { toastError } from '../../app/ui/toastStore';
import { DataTable, type Column } from '../../app/widgets/table/DataTable';
import { ScreenFrame } from '../../app/widgets/ScreenFrame';
import { PlatformUserDialog } from './PlatformUserDialog';
import { ServedProjectsDialog, type ProjectChoice } from './ServedProjectsDialog';

/** /platform/user: platform and service users, and which projects each service user serves. */
export default function PlatformUserScreen() {
  useLanguage();
  const { user } = useSession();
  // without the roles (a failed read) the dialog offers none
  const roles = useQuery(directoryQueries.roles());
  const projects = useQuery({
    queryKey: queryKeys.directory.platformProjects(),
    queryFn: () => api.get<ProjectChoice[]>('/wisdompower/v1/platform/projects'),
  });
  const invalidate = useInvalidate();
  const reload = () => invalidate(queryKeys.directory.all);
  const platformUsers = {
    queryKey: queryKeys.directory.platformUsers(),
    queryFn: () => api.get<PlatformUserRow[]>('/wisdompower/v1/platform/users'),
  };
  const users = useDirectoryList(platformUsers, t('term.platformUser'), '/auth/v1/user');
  const [serving, setServing] = useState<PlatformUserRow | undefined>();

  const columns = useMemo<Column<PlatformUserRow>[]>(
    () => [
      { id: 'name', header: t('users.name'), value: (u) => u.name, width: 160 },
      {
        id: 'type',
        header: t('platformUser.type'),
        value: (u) => t(u.usertype === USER_TYPE.PLATFORM ? 'platformUser.type1' : 'platformUser.type2'),
        width: 120,
      },
      { id: 'role', header: t('users.role'), value: (u) => u.roleName, width: 160 },
      {
        id: 'serves',
        header: t('platformUser.serves'),
        value: (u) =>
          u.usertype === USER_TYPE.SERVICE
            ? u.servedProjects.map((p) => p.name).join(t('punct.listSeparator'))
            : t('platformUser.allProjects'),
        cell: (u) =>
          u.usertype === USER_TYPE.SERVICE ? (
            <button
              type="button"
              className="max-w-full truncate text-left text-brand hover:underline"
              data-testid={`serves-${u.name}`}
              onClick={(e) => (e.stopPropagation(), setServing(u))}
            >
              {u.servedProjects.map((p) => p.name).join(t('punct.listSeparator')) || t('platformUser.noProjects')}
            </button>
          ) : (
            <span className="text-muted">{t('platformUser.allProjects')}</span>
          ),
      },
      { id: 'mobile', header: t('users.mobile'), value: (u) => u.mobilePhone, width: 140 },
      { id: 'email', header: t('users.email'), value: (u) => u.email, width: 200 },
    ],
    [],
  );

  return (
    <ScreenFrame title={t('route.platformUser')} testId="platform-user">
      <DataTable
        testId="platform-user-table"
        columns={columns}
        {...users.table}
        rowActions={[
          {
            label: t('platformUser.serves'),
            run: (u) => (u.usertype === USER_TYPE.SERVICE ? setServing(u) : toastError(t('platformUser.onlyService'))),
          },
        ]}
      />
      <PlatformUserDialog {...users.dialog} roles={roles.data ?? []} tenantId={user?.tenantId ?? 1} />
      <ServedProjectsDialog
        user={serving}
        projects={projects.data ?? []}
        onClose={() => setServing(undefined)}
        onSaved={() => (setServing(undefined), reload())}
      />
    </ScreenFrame>
  );
}

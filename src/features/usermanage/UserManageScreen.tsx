import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { UserDto } from '../../../domain/schemas/auth';
import { ROOT_USER_ID } from '../../../domain/enums';
import { request } from '../../app/api/client';
import { toastSuccess } from '../../app/ui/toastStore';
import { directoryQueries } from '../../app/api/directory';
import { queryKeys } from '../../app/api/queryKeys';
import { useInvalidate } from '../../app/api/useInvalidate';
import { useTenantChoice } from '../../app/api/useTenantChoice';
import { useDirectoryList } from '../../app/api/useDirectoryList';
import { t, useLanguage } from '../../app/i18n/i18n';
import { useSession } from '../../app/session/SessionContext';
import { FieldLabel, QueryButton } from '../../app/ui/fields';
import { DataTable, type Column } from '../../app/widgets/table/DataTable';
import { ScreenFrame } from '../../app/widgets/ScreenFrame';
import { SelectField } from '../../app/widgets/SelectField';
import { ResetPasswordDialog } from './ResetPasswordDialog';
import { UserFormDialog } from './UserFormDialog';

/** /usermanage: project users of the caller's tenants; query by role or name; root resets passwords. */
export default function UserManageScreen() {
  useLanguage();
  const { user } = useSession();
  const isRoot = user?.id === ROOT_USER_ID;
  const roles = useQuery(directoryQueries.roles());
  const { choice, tenantName } = useTenantChoice();
  const [draft, setDraft] = useState({ roleId: '', name: '' });
  const [query, setQuery] = useState(draft);
  const invalidate = useInvalidate();
  const reload = () => invalidate(queryKeys.directory.all);
  const users = useDirectoryList(directoryQueries.users(query), t('term.user'), '/auth/v1/user');
  const [resetting, setResetting] = useState<UserDto | undefined>();
  const setDisabled = async (u: UserDto, disabled: boolean) => {
    const r = await request('PUT', `/auth/v1/user/${u.id}/status`, { disabled }).catch(() => null);
    if (!r) return;
    toastSuccess(r.msg);
    reload();
  };

  const columns = useMemo<Column<UserDto>[]>(
    () => [
      { id: 'name', header: t('users.name'), value: (u) => u.name },
      { id: 'role', header: t('users.role'), value: (u) => u.roles[0]?.name },
      { id: 'groups', header: t('users.groups'), value: (u) => u.relativeUserGroup.map((g) => g.name).join(t('punct.listSeparator')) },
      { id: 'tenant', header: t('users.tenant'), value: (u) => tenantName.get(u.tenantId) },
      { id: 'mobile', header: t('users.mobile'), value: (u) => u.mobilePhone },
      { id: 'email', header: t('users.email'), value: (u) => u.email },
      { id: 'status', header: t('users.status'), value: (u) => (u.disabled ? t('users.disabled') : t('users.active')) },
    ],
    [tenantName],
  );

  return (
    <ScreenFrame
      title={t('route.usermanage')}
      testId="usermanage"
      filters={
        <form className="flex flex-wrap items-end gap-3" onSubmit={(e) => (e.preventDefault(), setQuery(draft))}>
          <SelectField
            className="w-48"
            label={t('users.role')}
            name="queryRole"
            value={draft.roleId}
            onChange={(roleId) => setDraft({ ...draft, roleId })}
            placeholder={t('users.allRoles')}
            options={(roles.data ?? []).map((r) => ({ value: String(r.id), label: r.name }))}
          />
          <FieldLabel label={t('users.name')}>
            <input
              name="queryName"
              value={draft.name}
              onChange={(e) => setDraft({ ...draft, name: e.target.value })}
              className="w-48 rounded border border-line bg-surface-2 px-3 py-1.5 text-ink outline-none focus:border-brand"
            />
          </FieldLabel>
          <QueryButton />
        </form>
      }
    >
      <DataTable
        testId="user-table"
        columns={columns}
        {...users.table}
        rowActions={[
          // Disabling ends the user's sessions at once; enabling lets them log in again.
          { label: t('users.disable'), run: (u) => void setDisabled(u, true) },
          { label: t('users.enable'), run: (u) => void setDisabled(u, false) },
          ...(isRoot ? [{ label: t('users.resetPassword'), run: setResetting }] : []),
        ]}
      />
      <UserFormDialog {...users.dialog} {...choice} roles={roles.data ?? []} />
      <ResetPasswordDialog target={resetting} rootName={user?.name ?? ''} onClose={() => setResetting(undefined)} />
    </ScreenFrame>
  );
}

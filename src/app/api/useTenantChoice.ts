import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { TenantDto } from '../../../domain/schemas/auth';
import { useSession } from '../session/SessionContext';
import { directoryQueries } from './directory';

/** The tenants a directory dialog offers, and the one a new record takes where the caller has only one. */
export interface TenantChoice {
  tenants: TenantDto[];
  defaultTenantId: number | undefined;
}

/**
 * The caller's tenants on a directory screen (users, roles, groups): the dialogs' choice, and each
 * tenant's name for the list's 所属企业 column.
 */
export function useTenantChoice(): { choice: TenantChoice; tenantName: ReadonlyMap<number, string> } {
  const { user } = useSession();
  const { data } = useQuery(directoryQueries.tenants());
  const tenantName = useMemo(() => new Map((data ?? []).map((x) => [x.id, x.name])), [data]);
  const tenants = data ?? [];
  return { choice: { tenants, defaultTenantId: tenants.length > 1 ? undefined : (tenants[0]?.id ?? user?.tenantId) }, tenantName };
}

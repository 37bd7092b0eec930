import { useMemo } from 'react';
import { isAllowed } from '../../../domain/permissions';
import { ROOT_USER_ID, USER_TYPE } from '../../../domain/enums';
import { userTypeOf } from '../../../domain/access';
import type { LedgerLabel } from '../../../domain/schemas/ledger';
import { useSession } from '../../app/session/SessionContext';
import { permissionOf } from './ledgerText';

const REGIONS = new Set<LedgerLabel>(['province', 'city', 'district']);

/**
 * Operation permissions of the logged-in user (spec §6), to hide what the server would refuse. The
 * server checks again on every call; this only keeps buttons honest. Regions are shared by all
 * tenants, so only root and platform users change them, whatever their role holds.
 */
export function useCan(): {
  can: (permission: string) => boolean;
  canLevel: (label: LedgerLabel, action: 'create' | 'update' | 'delete') => boolean;
} {
  const { user } = useSession();
  return useMemo(() => {
    const role = user?.roles?.[0];
    const isRoot = user?.id === ROOT_USER_ID;
    const allTenants = isRoot || (!!user && userTypeOf(user) === USER_TYPE.PLATFORM);
    const holder = { isRoot, pageNodeIds: role?.pageNodes.map((p) => p.id) ?? [], authIds: role?.auths ?? [] };
    const can = (permission: string) => !!user && isAllowed(holder, permission);
    return { can, canLevel: (label, action) => (!REGIONS.has(label) || allTenants) && can(permissionOf(label, action)) };
  }, [user]);
}

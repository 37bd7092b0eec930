import { useMemo } from 'react';
import { isAllowed } from '../../../domain/permissions';
import { ROOT_USER_ID } from '../../../domain/enums';
import { useSession } from './SessionContext';

/**
 * The logged-in user's operation permissions (spec §6), to hide what the server would refuse anyway:
 * the server checks again on every call, this only keeps buttons honest.
 */
export function useOperationCan(): (permission: string) => boolean {
  const { user } = useSession();
  return useMemo(() => {
    const role = user?.roles?.[0];
    const holder = { isRoot: user?.id === ROOT_USER_ID, pageNodeIds: role?.pageNodes.map((p) => p.id) ?? [], authIds: role?.auths ?? [] };
    return (permission: string) => !!user && isAllowed(holder, permission);
  }, [user]);
}

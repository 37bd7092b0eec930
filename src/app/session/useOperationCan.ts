import { useMemo } from 'react';
import { isAllowed } from '../../../domain/permissions';
import { ROOT_USER_ID } from '../../../domain/enums';
import { useSession } from '../../app/session/SessionContext';

/** The logged-in user's operation permissions, to hide what the server would refuse anyway. */
export function useOperationCan(): (permission: string) => boolean {
  const { user } = useSession();
  return useMemo(() => {
    const role = user?.roles?.[0];
    const holder = { isRoot: user?.id === ROOT_USER_ID, pageNodeIds: role?.pageNodes.map((p) => p.id) ?? [], authIds: role?.auths ?? [] };
    return (permission: string) => !!user && isAllowed(holder, permission);
  }, [user]);
}

import { useMemo } from 'react';
import { isAllowed } from '../../../domain/permissions';
import { ROOT_USER_ID } from '../../../domain/enums';
import { useSession } from '../../app/session/SessionContext';

/** The report operations the user holds, to hide buttons the server would refuse (it checks again). */
export function useReportCan() {
  const { user } = useSession();
  return useMemo(() => {
    const role = user?.roles?.[0];
    const holder = { isRoot: user?.id === ROOT_USER_ID, pageNodeIds: role?.pageNodes.map((p) => p.id) ?? [], authIds: role?.auths ?? [] };
    const can = (p: string) => !!user && isAllowed(holder, p);
    return { download: can('report_download'), verify: can('report_verify') };
  }, [user]);
}

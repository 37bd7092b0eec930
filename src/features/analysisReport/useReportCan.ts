import { useOperationCan } from '../../app/session/useOperationCan';

/** The report operations the user holds, to hide buttons the server would refuse (it checks again). */
export function useReportCan() {
  const can = useOperationCan();
  return { download: can('report_download'), verify: can('report_verify') };
}

import type { ComponentType } from 'react';
import { loadNamespaces } from '../i18n/i18n';
import type { FeatureNamespace } from '../i18n/namespaces';

type ScreenModule = { default: ComponentType };

/**
 * A screen's loader: its chunk and the language namespaces its text is in (its own first, then those of
 * the features it shows too), fetched together, so the screen renders once both are in — never with a
 * bare key — and a prefetch brings both.
 */
const screen = (namespaces: readonly FeatureNamespace[], load: () => Promise<ScreenModule>) => (): Promise<ScreenModule> =>
  Promise.all([load(), loadNamespaces(namespaces)]).then(([module]) => module);

/** Each route's screen is its own chunk under src/features/. */
export const SCREENS: Record<string, () => Promise<ScreenModule>> = {
  '/home': screen(['monitor'], () => import('../../features/home/HomeScreen')),
  '/bigScreen': screen(['monitor'], () => import('../../features/bigScreen/BigScreenScreen')),
  '/realTime': screen(['realtime'], () => import('../../features/realTime/RealTimeScreen')),
  '/realtimeData': screen(['realtime'], () => import('../../features/realtimeData/RealtimeDataScreen')),
  '/historyData': screen(['history'], () => import('../../features/historyData/HistoryDataScreen')),
  '/alarmEvent': screen(['alarms', 'notify', 'workorders'], () => import('../../features/alarmEvent/AlarmEventScreen')),
  '/workOrder': screen(['workorders', 'history'], () => import('../../features/workOrder/WorkOrderScreen')),
  '/orderStats': screen(['workorders', 'reports'], () => import('../../features/orderStats/OrderStatsScreen')),
  '/myWorkOrder': screen(['workorders'], () => import('../../features/myWorkOrder/MyWorkOrderScreen')),
  '/shiftHandover': screen(['workorders', 'alarms'], () => import('../../features/shiftHandover/ShiftHandoverScreen')),
  '/analysisReport': screen(['reports'], () => import('../../features/analysisReport/AnalysisReportScreen')),
  '/deviceManager': screen(['ledger'], () => import('../../features/deviceManager/DeviceManagerScreen')),
  '/remoteSetting': screen(['ledger'], () => import('../../features/remoteSetting/RemoteSettingScreen')),
  '/usermanage': screen(['users'], () => import('../../features/usermanage/UserManageScreen')),
  '/rolemanage': screen(['users'], () => import('../../features/rolemanage/RoleManageScreen')),
  '/usergroupmanage': screen(['users'], () => import('../../features/usergroupmanage/UsergroupManageScreen')),
  '/systemConfig': screen(['system', 'notify', 'alarms'], () => import('../../features/systemConfig/SystemConfigScreen')),
  '/log': screen(['system'], () => import('../../features/log/OperationLogScreen')),
  '/notifyLog': screen(['system', 'notify', 'alarms'], () => import('../../features/notifyLog/NotifyLogScreen')),
  '/platform/monitor': screen(['monitor'], () => import('../../features/platformMonitor/PlatformMonitorScreen')),
  '/platform/operate': screen(['platform'], () => import('../../features/platformOperate/PlatformOperateScreen')),
  '/platform/user': screen(['users'], () => import('../../features/platformUser/PlatformUserScreen')),
};

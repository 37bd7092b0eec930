import type { ComponentType } from 'react';

/** Each route's screen is its own chunk under src/features/. */
export const SCREENS: Record<string, () => Promise<{ default: ComponentType }>> = {
  '/home': () => import('../../features/home/HomeScreen'),
  '/bigScreen': () => import('../../features/bigScreen/BigScreenScreen'),
  '/realTime': () => import('../../features/realTime/RealTimeScreen'),
  '/realtimeData': () => import('../../features/realtimeData/RealtimeDataScreen'),
  '/historyData': () => import('../../features/historyData/HistoryDataScreen'),
  '/alarmEvent': () => import('../../features/alarmEvent/AlarmEventScreen'),
  '/workOrder': () => import('../../features/workOrder/WorkOrderScreen'),
  '/orderStats': () => import('../../features/orderStats/OrderStatsScreen'),
  '/myWorkOrder': () => import('../../features/myWorkOrder/MyWorkOrderScreen'),
  '/shiftHandover': () => import('../../features/shiftHandover/ShiftHandoverScreen'),
  '/analysisReport': () => import('../../features/analysisReport/AnalysisReportScreen'),
  '/deviceManager': () => import('../../features/deviceManager/DeviceManagerScreen'),
  '/remoteSetting': () => import('../../features/remoteSetting/RemoteSettingScreen'),
  '/usermanage': () => import('../../features/usermanage/UserManageScreen'),
  '/rolemanage': () => import('../../features/rolemanage/RoleManageScreen'),
  '/usergroupmanage': () => import('../../features/usergroupmanage/UsergroupManageScreen'),
  '/systemConfig': () => import('../../features/systemConfig/SystemConfigScreen'),
  '/log': () => import('../../features/log/OperationLogScreen'),
  '/notifyLog': () => import('../../features/notifyLog/NotifyLogScreen'),
  '/platform/monitor': () => import('../../features/platformMonitor/PlatformMonitorScreen'),
  '/platform/operate': () => import('../../features/platformOperate/PlatformOperateScreen'),
  '/platform/user': () => import('../../features/platformUser/PlatformUserScreen'),
};

import { t, useLanguage } from '../../app/i18n/i18n';
import { MonitorDashboard } from '../../app/monitor/MonitorDashboard';

/** /platform/monitor: every visible enterprise and project, with the enterprise breakdown. */
export default function PlatformMonitorScreen() {
  useLanguage();
  return <MonitorDashboard variant="platform" title={t('route.platformMonitor')} testId="platform-monitor" />;
}

import { t, useLanguage } from '../../app/i18n/i18n';
import { MonitorDashboard } from '../../app/monitor/MonitorDashboard';

/** /home: global monitoring of the projects the user may see (a project user: its own tenant). */
export default function HomeScreen() {
  useLanguage();
  return <MonitorDashboard variant="home" title={t('route.home')} testId="home-monitor" />;
}

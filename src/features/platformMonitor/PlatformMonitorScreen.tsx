import { ScreenPending } from '../../app/ui/ScreenPending';

export default function PlatformMonitorScreen() {
  return <ScreenPending path="/platform/monitor" />;
}

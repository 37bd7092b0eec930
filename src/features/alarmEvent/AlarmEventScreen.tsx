import { ScreenPending } from '../../app/ui/ScreenPending';

export default function AlarmEventScreen() {
  return <ScreenPending path="/alarmEvent" />;
}

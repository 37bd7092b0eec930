import { ScreenPending } from '../../app/ui/ScreenPending';

export default function RealtimeDataScreen() {
  return <ScreenPending path="/realtimeData" />;
}

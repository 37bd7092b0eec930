import { ScreenPending } from '../../app/ui/ScreenPending';

export default function RealTimeScreen() {
  return <ScreenPending path="/realTime" />;
}

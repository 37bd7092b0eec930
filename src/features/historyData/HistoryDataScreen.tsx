import { ScreenPending } from '../../app/ui/ScreenPending';

export default function HistoryDataScreen() {
  return <ScreenPending path="/historyData" />;
}

import { ScreenPending } from '../../app/ui/ScreenPending';

export default function AnalysisReportScreen() {
  return <ScreenPending path="/analysisReport" />;
}

import { ScreenPending } from '../../app/ui/ScreenPending';

export default function OperationLogScreen() {
  return <ScreenPending path="/log" />;
}

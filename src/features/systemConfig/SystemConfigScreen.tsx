import { ScreenPending } from '../../app/ui/ScreenPending';

export default function SystemConfigScreen() {
  return <ScreenPending path="/systemConfig" />;
}

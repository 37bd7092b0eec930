import { ScreenPending } from '../../app/ui/ScreenPending';

export default function PlatformUserScreen() {
  return <ScreenPending path="/platform/user" />;
}

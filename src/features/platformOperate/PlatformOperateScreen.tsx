import { ScreenPending } from '../../app/ui/ScreenPending';

export default function PlatformOperateScreen() {
  return <ScreenPending path="/platform/operate" />;
}

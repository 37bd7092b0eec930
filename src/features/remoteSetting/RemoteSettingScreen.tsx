import { ScreenPending } from '../../app/ui/ScreenPending';

export default function RemoteSettingScreen() {
  return <ScreenPending path="/remoteSetting" />;
}

import { ScreenPending } from '../../app/ui/ScreenPending';

export default function DeviceManagerScreen() {
  return <ScreenPending path="/deviceManager" />;
}

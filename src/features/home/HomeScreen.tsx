import { ScreenPending } from '../../app/ui/ScreenPending';

export default function HomeScreen() {
  return <ScreenPending path="/home" />;
}

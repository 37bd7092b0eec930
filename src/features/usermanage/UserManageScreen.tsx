import { ScreenPending } from '../../app/ui/ScreenPending';

export default function UserManageScreen() {
  return <ScreenPending path="/usermanage" />;
}

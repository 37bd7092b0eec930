import { ScreenPending } from '../../app/ui/ScreenPending';

export default function RoleManageScreen() {
  return <ScreenPending path="/rolemanage" />;
}

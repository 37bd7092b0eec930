import { ScreenPending } from '../../app/ui/ScreenPending';

export default function UsergroupManageScreen() {
  return <ScreenPending path="/usergroupmanage" />;
}

import { t } from '../i18n/i18n';
import { toastSuccess } from '../ui/toastStore';
import { OperationVerifyDialog } from './OperationVerifyDialog';
import { sendControl, type ControlPoint } from './remoteCommands';

/**
 * 操作验证 for one remote control command (the device dialog's menu, 远程设置's control points):
 * sends it with the credentials typed, says 遥控成功 and tells the caller; a refusal stays in the dialog.
 */
export function SendControlDialog({
  deviceId,
  point,
  onClose,
  onSent,
}: {
  deviceId: number;
  /** the command chosen; none: no dialog */
  point: ControlPoint | null;
  onClose: () => void;
  onSent?: (point: ControlPoint) => void;
}) {
  if (!point) return null;
  return (
    <OperationVerifyDialog
      open
      onClose={onClose}
      onConfirm={async (cred) => {
        const refused = await sendControl(deviceId, point, cred);
        if (!refused) {
          toastSuccess(t('remote.ok'));
          onSent?.(point);
        }
        return refused;
      }}
    />
  );
}

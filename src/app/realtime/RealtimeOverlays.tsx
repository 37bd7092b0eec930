import { useState } from 'react';
import { useOptionalRealtime } from './RealtimeContext';
import { useDeviceDialog } from './DeviceDialogContext';
import { NotificationBell } from './NotificationBell';
import { AlarmPopup } from './AlarmPopup';
import { MessageCenterDialog } from './MessageCenterDialog';
import { DeviceRealtimeDialog } from '../device/DeviceRealtimeDialog';

/** The bell for the header slot, with the message centre it opens. */
export function HeaderBell({ shell }: { shell: 'main' | 'platform' }) {
  const realtime = useOptionalRealtime();
  const [centerOpen, setCenterOpen] = useState(false);
  if (!realtime) return null;
  return (
    <>
      <NotificationBell shell={shell} onOpenMessageCenter={() => setCenterOpen(true)} />
      <MessageCenterDialog open={centerOpen} onClose={() => setCenterOpen(false)} />
    </>
  );
}

/** What floats over every screen: the alarm popup and the device dialog opened from anywhere. */
export function RealtimeOverlays() {
  const realtime = useOptionalRealtime();
  const dialog = useDeviceDialog();
  if (!realtime) return null;
  return (
    <>
      <AlarmPopup />
      <DeviceRealtimeDialog deviceId={dialog.openDeviceId} onClose={dialog.closeDevice} />
    </>
  );
}

import { lazy, Suspense, useEffect, useState } from 'react';
import { useOptionalRealtime } from './RealtimeContext';
import { NotificationBell } from './NotificationBell';
import { AlarmPopup } from './AlarmPopup';
import { MessageCenterDialog } from './MessageCenterDialog';

/** The device dialog (trend charts, uPlot, the series worker) loads when a device is first opened. */
const DeviceRealtimeDialog = lazy(() => import('../device/DeviceRealtimeDialog').then((m) => ({ default: m.DeviceRealtimeDialog })));

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
  // Loaded with the first device opened, then kept mounted like any dialog.
  const [dialogLoaded, setDialogLoaded] = useState(false);
  const opened = realtime?.openDeviceId != null;
  useEffect(() => {
    if (opened) setDialogLoaded(true);
  }, [opened]);
  if (!realtime) return null;
  return (
    <>
      <AlarmPopup />
      {(dialogLoaded || opened) && (
        <Suspense fallback={null}>
          <DeviceRealtimeDialog deviceId={realtime.openDeviceId} onClose={realtime.closeDevice} />
        </Suspense>
      )}
    </>
  );
}

import { lazy, Suspense, useEffect, useState } from 'react';
import { useOptionalRealtime } from './RealtimeContext';
import { useDeviceDialog } from './DeviceDialogContext';
import { NotificationBell } from './NotificationBell';
import { AlarmPopup } from './AlarmPopup';

/** The message centre (its date selector, the dialog frame) loads with the first opening. */
const MessageCenterDialog = lazy(() => import('./MessageCenterDialog').then((m) => ({ default: m.MessageCenterDialog })));

/** The device dialog (trend charts, uPlot, the series worker client): loaded when idle after sign-in, or with the first device opened. */
export const loadDeviceDialog = () => import('../device/DeviceRealtimeDialog');
const DeviceRealtimeDialog = lazy(() => loadDeviceDialog().then((m) => ({ default: m.DeviceRealtimeDialog })));

/** The bell for the header slot, with the message centre it opens. */
export function HeaderBell({ shell }: { shell: 'main' | 'platform' }) {
  const realtime = useOptionalRealtime();
  const [centerOpen, setCenterOpen] = useState(false);
  // Once loaded it stays mounted, closed, like any dialog (its closing transition plays).
  const [centerLoaded, setCenterLoaded] = useState(false);
  if (!realtime) return null;
  return (
    <>
      <NotificationBell
        shell={shell}
        onOpenMessageCenter={() => {
          setCenterLoaded(true);
          setCenterOpen(true);
        }}
      />
      {centerLoaded && (
        <Suspense fallback={null}>
          <MessageCenterDialog open={centerOpen} onClose={() => setCenterOpen(false)} />
        </Suspense>
      )}
    </>
  );
}

/**
 * What floats over every screen: the alarm popup (unless the frame docks it, as a wall does) and the
 * device dialog opened from anywhere.
 */
export function RealtimeOverlays({ floatingPopup = true }: { floatingPopup?: boolean }) {
  const realtime = useOptionalRealtime();
  const dialog = useDeviceDialog();
  // Loaded with the first device opened, then kept mounted like any dialog.
  const [dialogLoaded, setDialogLoaded] = useState(false);
  const opened = dialog.openDeviceId != null;
  useEffect(() => {
    if (opened) setDialogLoaded(true);
  }, [opened]);
  if (!realtime) return null;
  return (
    <>
      {floatingPopup && <AlarmPopup />}
      {(dialogLoaded || opened) && (
        <Suspense fallback={null}>
          <DeviceRealtimeDialog deviceId={dialog.openDeviceId} onClose={dialog.closeDevice} />
        </Suspense>
      )}
    </>
  );
}

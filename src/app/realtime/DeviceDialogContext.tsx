import { createContext, useContext } from 'react';

/**
 * The device dialog opened from anywhere (bell, popup, wall, tables). Apart from the realtime
 * context on purpose: it changes whenever a device is opened, the realtime context only at login,
 * so opening the dialog re-renders the overlay that shows it and nothing of the wall beneath.
 */
export interface DeviceDialogState {
  openDeviceId: number | null;
  closeDevice: () => void;
}

export const DeviceDialogCtx = createContext<DeviceDialogState>({ openDeviceId: null, closeDevice: () => {} });

export const useDeviceDialog = () => useContext(DeviceDialogCtx);

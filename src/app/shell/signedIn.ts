/**
 * Everything a signed-in session shows around its screens, in one chunk apart from the entry: the
 * frame (header, menu, kiosk frame, banners) and the realtime side (socket.io, the streams, the bell,
 * the alarm popup, escalations). The login page needs none of it; see ./signedInChunk.tsx.
 */
export { Layout } from './Layout';
export { RealtimeProvider } from '../realtime/RealtimeContext';
export { loadDeviceDialog } from '../realtime/RealtimeOverlays';

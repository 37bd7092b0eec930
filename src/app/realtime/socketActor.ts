import { fromCallback, type AnyEventObject } from 'xstate';
import { io } from 'socket.io-client';
import type { SocketInput } from '../../../machines/websocketMachine';
import { UNAUTHORIZED_MSG } from '../../../domain/envelope';
import { tokenStorage } from '../api/tokenStorage';
import type { MeasureMessage } from '../../../domain/telemetry';
import { measureBus } from './measureBus';
import { settingsChanged } from '../settings/settingsStore';

export const SOCKET_PATH = '/messageServer/websocket';

/**
 * The socket.io connection as the websocket machine's actor. socket.io's own reconnection is off:
 * the machine decides when to reconnect (30 s) and hands over the last sequence number to resume.
 */
export const socketActor = fromCallback<AnyEventObject, SocketInput>(({ sendBack, receive, input }) => {
  const socket = io({
    path: SOCKET_PATH,
    transports: ['websocket'],
    reconnection: false,
    auth: { token: tokenStorage.get(), userId: input.userId, ...(input.lastSeq !== null ? { lastSeq: input.lastSeq } : {}) },
  });
  socket.on('connect', () => sendBack({ type: 'SOCKET.OPENED' }));
  socket.on('message', (message: { seq: number }) => sendBack({ type: 'SOCKET.MESSAGE', message }));
  socket.on('measures', (list: MeasureMessage[]) => {
    for (const m of list) measureBus.next(m);
  });
  socket.on('settings', () => settingsChanged());
  socket.on('ready', (r: { headSeq: number }) => sendBack({ type: 'SOCKET.READY', headSeq: r.headSeq }));
  socket.on('resync', (r: { headSeq: number }) => sendBack({ type: 'SOCKET.RESYNC', headSeq: r.headSeq }));
  socket.on('disconnect', (reason) => sendBack({ type: 'SOCKET.CLOSED', reason }));
  socket.on('connect_error', (err) => {
    sendBack(err.message === UNAUTHORIZED_MSG ? { type: 'SOCKET.UNAUTHORIZED' } : { type: 'SOCKET.CLOSED', reason: err.message });
  });
  receive((event) => {
    // The spec's empty keep-alive frame.
    if (event.type === 'KEEPALIVE' && socket.connected) socket.emit('keepalive', '');
  });
  return () => {
    socket.removeAllListeners();
    socket.disconnect();
  };
});

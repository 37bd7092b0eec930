import { Subject } from 'rxjs';
import type { MeasureMessage } from '../../../domain/telemetry';

/**
 * Live values from the socket. They bypass the websocket machine on purpose: they are state, not
 * lifecycle, and a thousand a second through the machine would wake every selector of the socket.
 */
export const measureBus = new Subject<MeasureMessage>();

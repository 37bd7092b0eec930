import type { NotifyDirectory } from './directory';
import type { DeliveryWorker } from './worker';

/** The notification service of one server instance (app.notify). */
export interface NotifyService {
  /** NOTIFY_ALLOW_PRIVATE: receivers on loopback and private addresses allowed */
  allowPrivate: boolean;
  directory: NotifyDirectory;
  worker: DeliveryWorker;
}

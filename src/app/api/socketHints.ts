import type { QueryClient } from '@tanstack/react-query';
import { queryKeys } from './queryKeys';

/**
 * The pushed messages that say the ledger changed: a node written or deleted, a custom column, a
 * device's access or an access scheme. Their project's consoles hear them (server/messages/hub.ts).
 */
const LEDGER_KINDS = /^(ledger\.|device\.access_updated$|accessscheme\.)/;

/**
 * What the socket's hints make stale in the query cache. A query a screen shows is read again at
 * once; one no screen shows is read when a screen next asks for it.
 */
export const socketHints = (client: QueryClient) => ({
  /** the socket's `settings`: a tenant's settings or a group's logo changed */
  settings: () => void client.invalidateQueries({ queryKey: queryKeys.settings.all }),
  /** a pushed message: a ledger change makes every ledger read stale */
  message: (kind: string) => {
    if (LEDGER_KINDS.test(kind)) void client.invalidateQueries({ queryKey: queryKeys.ledger.all });
  },
  /** after a resync or a reconnect the ledger hints of the gap may be lost: the ledger is read again */
  resync: () => void client.invalidateQueries({ queryKey: queryKeys.ledger.all }),
});

import { keepPreviousData, QueryClient } from '@tanstack/react-query';
import { queryKeys } from './queryKeys';

/**
 * How long a ledger read (trees, properties, device lists) counts as fresh: a screen opened again
 * within it shows the cached answer without asking. The socket's ledger hints and this console's
 * own ledger writes make it stale at once (./socketHints.ts), so the time only bounds what another
 * console's change to a node outside this user's rooms (a province, a city) may take to show.
 */
const LEDGER_STALE_MS = 60_000;

/**
 * The console's one query cache, for every REST read of its screens.
 *
 * - Retry: a query's read is retried with backoff by the API client itself, following the one
 *   policy of domain/requestPolicy.ts (no answer or a 5xx again after 0.5, 1, 2 s; a refusal, 4xx
 *   or an envelope with a business code, never), with one error toast after the last attempt. A
 *   second retry here would multiply both the attempts and the toasts, so the cache retries nothing.
 * - Stale answers: every read is keyed by what it depends on (./queryKeys.ts), so the answer to an
 *   older filter or page fills its own entry and never replaces what the screen shows now. Until the
 *   new answer is in, the screen keeps showing the previous one (as it did before the cache).
 * - Freshness: lists are read again whenever a screen opens (staleTime 0); ledger reads are kept
 *   for LEDGER_STALE_MS. Nothing is read again just because the window got the focus: the socket's
 *   hints say when something changed.
 */
export function createQueryClient(): QueryClient {
  const client = new QueryClient({
    defaultOptions: {
      queries: {
        retry: false,
        // a read without network fails at once with its message (the client's own retries ran): it is not held back
        networkMode: 'always',
        staleTime: 0,
        refetchOnWindowFocus: false,
        placeholderData: keepPreviousData,
      },
    },
  });
  client.setQueryDefaults(queryKeys.ledger.all, { staleTime: LEDGER_STALE_MS });
  return client;
}

export const queryClient = createQueryClient();

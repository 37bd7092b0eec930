import { wrap } from 'comlink';
import type { SeriesWorker } from '../../../workers/series.worker';

/** The series service as the main thread sees it: every call is asynchronous, worker or not. */
export type SeriesService = {
  [K in keyof SeriesWorker]: (...args: Parameters<SeriesWorker[K]>) => Promise<Awaited<ReturnType<SeriesWorker[K]>>>;
};

/** A worker that does not answer its first ping within this is treated as unable to start. */
const START_TIMEOUT_MS = 4000;

let service: Promise<SeriesService> | null = null;

async function mainThreadFallback(reason: unknown): Promise<SeriesService> {
  console.warn('series worker unavailable, computing on the main thread', reason);
  const { api } = await import('../../../workers/seriesApi');
  return api;
}

async function start(): Promise<SeriesService> {
  let worker: Worker;
  try {
    worker = new Worker(new URL('../../../workers/series.worker.ts', import.meta.url), { type: 'module', name: 'series' });
  } catch (err) {
    return mainThreadFallback(err);
  }
  const remote = wrap<SeriesWorker>(worker) as unknown as SeriesService;
  // A module worker that fails to load only reports through `error`; the ping turns that into a fallback.
  const failed = new Promise<never>((_, reject) => {
    worker.addEventListener('error', (e) => reject(e.message || 'worker error'), { once: true });
    setTimeout(() => reject(new Error('worker start timeout')), START_TIMEOUT_MS);
  });
  failed.catch(() => {}); // the timeout fires after a successful start too
  try {
    await Promise.race([remote.ping(), failed]);
    return remote;
  } catch (err) {
    worker.terminate();
    return mainThreadFallback(err);
  }
}

/** One series service per page; the first caller starts it. */
export function seriesService(): Promise<SeriesService> {
  service ??= start();
  return service;
}

import { useCallback, useEffect, useState, type ComponentType } from 'react';
import { t, useLanguage } from '../i18n/i18n';

/** Spec §9: a lazy chunk that has not loaded within 120 s is an error, not an endless blank page. */
const CHUNK_TIMEOUT_MS = 120_000;

type Loader<M> = () => Promise<M>;
/** What a loader gave, kept so a module loaded once (or prefetched) renders at once, without a frame of "loading". */
const cache = new Map<Loader<unknown>, unknown>();
/** Loads under way, shared by a prefetch and the screen that then asks for the same chunk. */
const pending = new Map<Loader<unknown>, Promise<unknown>>();

/** Why a chunk did not come, as the user reads it: the browser's own text is English and technical. */
export type ChunkFailure = 'timeout' | 'network';

class ChunkLoadError extends Error {
  constructor(
    readonly failure: ChunkFailure,
    /** the chunk that failed, when the browser's message names it (Chromium's and Firefox's do) */
    readonly url?: string,
  ) {
    super(failure);
  }
}

const CHUNK_URL = /(https?:\/\/\S+?\.js)\b/;

/** Can the chunk be fetched now (the network back, the server answering)? */
const reachable = (url: string) =>
  fetch(url, { cache: 'no-store' }).then(
    (r) => r.ok,
    () => false,
  );

function withTimeout<T>(p: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkLoadError('timeout')), ms);
    p.then(
      (v) => {
        clearTimeout(timer);
        resolve(v);
      },
      (e: unknown) => {
        clearTimeout(timer);
        // The browser's reason stays in the console for whoever debugs it; the screen says it plainly.
        console.warn('chunk load failed:', e);
        reject(new ChunkLoadError('network', CHUNK_URL.exec(e instanceof Error ? e.message : String(e))?.[1]));
      },
    );
  });
}

/** The message for a failure, in the language shown now (it follows a language switch). */
const chunkFailureText = (failure: ChunkFailure) => t(failure === 'timeout' ? 'screen.loadTimeout' : 'screen.loadNetwork');

function load<M>(loader: Loader<M>): Promise<M> {
  let p = pending.get(loader) as Promise<M> | undefined;
  if (!p) {
    p = loader().then(
      (mod) => {
        cache.set(loader, mod);
        pending.delete(loader);
        return mod;
      },
      (err: unknown) => {
        // a failed load is not remembered here: the retry asks again (and the browser, the network or its own memory)
        pending.delete(loader);
        throw err;
      },
    );
    pending.set(loader, p);
  }
  return p;
}

/** Fetches and evaluates a chunk ahead of need (a failure is silent: the screen retries and shows it). */
export function preload(loader: Loader<unknown>): Promise<void> {
  if (cache.has(loader)) return Promise.resolve();
  return load(loader).then(
    () => {},
    () => {},
  );
}

export const isLoaded = (loader: Loader<unknown>) => cache.has(loader);

/** A lazily loaded module: at once when it is loaded already, else after its chunk arrives (or fails). */
export function useLazyModule<M>(loader: Loader<M>, timeoutMs = CHUNK_TIMEOUT_MS): { module?: M; error?: ChunkFailure; retry: () => void } {
  const [state, setState] = useState<{ module?: M; error?: ChunkFailure }>(() =>
    cache.has(loader) ? { module: cache.get(loader) as M } : {},
  );
  const [attempt, setAttempt] = useState(0);
  const retry = useCallback(() => {
    setState({});
    setAttempt((n) => n + 1);
  }, []);

  useEffect(() => {
    if (cache.has(loader)) {
      setState((s) => (s.module === cache.get(loader) ? s : { module: cache.get(loader) as M }));
      return;
    }
    let live = true;
    withTimeout(load(loader), timeoutMs).then(
      (mod) => live && setState({ module: mod }),
      async (err: ChunkLoadError) => {
        // A browser may keep a module that failed to load as failed for the document's life (HTML's module
        // map; Chromium does since 150): importing it again fails at once without asking the network. When
        // a retry fails so while the chunk itself can be fetched now, only a new document loads it: the page
        // reloads on the same route, the session kept (sessionStorage). A chunk still out of reach stays an
        // error in place, and nothing reloads without the user's 重试.
        if (attempt > 0 && err.url && (await reachable(err.url))) window.location.reload();
        else if (live) setState({ error: err.failure });
      },
    );
    return () => {
      live = false;
    };
  }, [loader, timeoutMs, attempt]);
  return { ...state, retry };
}

/** A chunk that did not arrive: says so, with a retry. */
export function LoadFailed({ error, retry }: { error: ChunkFailure; retry: () => void }) {
  useLanguage();
  return (
    <div role="alert" className="m-6 rounded-lg border border-danger/40 bg-surface p-6">
      <h2 className="text-lg font-semibold text-danger">{t('screen.loadFailed')}</h2>
      <p className="mt-2 text-sm text-muted">{chunkFailureText(error)}</p>
      <button type="button" onClick={retry} className="mt-4 rounded bg-brand px-4 py-1.5 text-sm text-brand-ink">
        {t('common.retry')}
      </button>
    </div>
  );
}

/** Renders a lazily loaded screen; a failed or timed-out load shows the error with a retry. */
export function LazyScreen({ loader, timeoutMs = CHUNK_TIMEOUT_MS }: { loader: Loader<{ default: ComponentType }>; timeoutMs?: number }) {
  const { module, error, retry } = useLazyModule(loader, timeoutMs);
  if (module) return <module.default />;
  if (error) return <LoadFailed error={error} retry={retry} />;
  return (
    <div className="p-6 text-sm text-muted" data-testid="screen-loading">
      {t('app.loading')}
    </div>
  );
}

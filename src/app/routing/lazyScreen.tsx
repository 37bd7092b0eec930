import { useCallback, useEffect, useState, type ComponentType } from 'react';
import { t } from '../i18n/i18n';

/** Spec §9: a lazy chunk that has not loaded within 120 s is an error, not an endless blank page. */
export const CHUNK_TIMEOUT_MS = 120_000;

type Loader = () => Promise<{ default: ComponentType }>;
const cache = new Map<Loader, ComponentType>();

function withTimeout<T>(p: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(t('screen.loadTimeout'))), ms);
    p.then(
      (v) => {
        clearTimeout(timer);
        resolve(v);
      },
      (e: unknown) => {
        clearTimeout(timer);
        reject(e instanceof Error ? e : new Error(String(e)));
      },
    );
  });
}

/** Renders a lazily loaded screen; a failed or timed-out load shows the error with a retry. */
export function LazyScreen({ loader, timeoutMs = CHUNK_TIMEOUT_MS }: { loader: Loader; timeoutMs?: number }) {
  const [state, setState] = useState<{ Component?: ComponentType; error?: string }>(() => {
    const Component = cache.get(loader);
    return Component ? { Component } : {};
  });
  const [attempt, setAttempt] = useState(0);
  const retry = useCallback(() => {
    setState({});
    setAttempt((n) => n + 1);
  }, []);

  useEffect(() => {
    if (cache.has(loader)) {
      setState({ Component: cache.get(loader)! });
      return;
    }
    let live = true;
    withTimeout(loader(), timeoutMs).then(
      (mod) => {
        cache.set(loader, mod.default);
        if (live) setState({ Component: mod.default });
      },
      (err: Error) => live && setState({ error: err.message }),
    );
    return () => {
      live = false;
    };
  }, [loader, timeoutMs, attempt]);

  if (state.Component) return <state.Component />;
  if (state.error) {
    return (
      <div role="alert" className="m-6 rounded-lg border border-danger/40 bg-surface p-6">
        <h2 className="text-lg font-semibold text-danger">{t('screen.loadFailed')}</h2>
        <p className="mt-2 text-sm text-muted">{state.error}</p>
        <button type="button" onClick={retry} className="mt-4 rounded bg-brand px-4 py-1.5 text-sm text-brand-ink">
          {t('common.retry')}
        </button>
      </div>
    );
  }
  return <div className="p-6 text-sm text-muted">{t('app.loading')}</div>;
}

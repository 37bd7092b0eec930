import { useToasts } from './toastStore';
import { useRequestsInFlight } from '../api/loading';

export function Toaster() {
  const toasts = useToasts();
  return (
    <div className="pointer-events-none fixed top-16 left-1/2 z-[60] flex -translate-x-1/2 flex-col items-center gap-2" aria-live="polite">
      {toasts.map((t) => (
        <div
          key={t.id}
          role={t.kind === 'error' ? 'alert' : 'status'}
          data-kind={t.kind}
          className={`pointer-events-auto rounded-md border px-4 py-2 text-sm shadow-lg ${
            t.kind === 'error'
              ? 'border-danger/50 bg-surface text-danger'
              : t.kind === 'success'
                ? 'border-ok/50 bg-surface text-ok'
                : 'border-line bg-surface text-ink'
          }`}
        >
          {t.text}
        </div>
      ))}
    </div>
  );
}

/** A thin bar at the top while any request is in flight. */
export function LoadingBar() {
  const n = useRequestsInFlight();
  if (n === 0) return null;
  return (
    <div className="fixed inset-x-0 top-0 z-[70] h-0.5 overflow-hidden bg-brand/20" data-testid="loading-bar" aria-busy="true">
      <div className="h-full w-1/3 animate-pulse bg-brand" />
    </div>
  );
}

import { t, useLanguage } from '../i18n/i18n';
import { Button } from '../ui/Modal';

/**
 * A failed load in place of its content: what failed and why, with 重试. An empty result is not a
 * failure and shows 暂无数据 instead (see EmptyOrError).
 */
export function LoadError({ error, onRetry, className }: { error: Error; onRetry: () => void; className?: string }) {
  useLanguage();
  return (
    <div
      role="alert"
      data-testid="load-error"
      className={`flex flex-col items-center gap-2 px-3 py-8 text-center text-sm ${className ?? ''}`}
    >
      <span className="font-medium text-danger">{t('load.failed')}</span>
      <span className="text-muted" data-testid="load-error-reason">
        {error.message}
      </span>
      <Button onClick={onRetry}>{t('common.retry')}</Button>
    </div>
  );
}

/**
 * The state of the read behind a table or a tree: whether it is on its way, why it failed (the data
 * of an earlier success stays), and how to read it again. A TanStack query result is one as it is.
 */
export interface ReadState {
  isFetching: boolean;
  error: Error | null;
  refetch: () => unknown;
}

/** What stands where rows would be: the failure, the loading note, or 暂无数据. */
export function EmptyOrError({ load, className }: { load?: ReadState | undefined; className?: string }) {
  useLanguage();
  if (load?.error) return <LoadError error={load.error} onRetry={() => void load.refetch()} className={className} />;
  return (
    <p className={`px-3 py-8 text-center text-sm text-muted ${className ?? ''}`} data-testid={load?.isFetching ? 'loading' : 'no-data'}>
      {load?.isFetching ? t('app.loading') : t('common.noData')}
    </p>
  );
}

/**
 * A table's body row across all its columns in place of rows there are none of, or whose read failed.
 * `inScroller`: the table scrolls sideways, and the note stays centred in the part in view (as wide as
 * the scroller), not across all the columns.
 */
export function EmptyOrErrorRow({
  empty,
  load,
  colSpan,
  inScroller = false,
}: {
  empty: boolean;
  load?: ReadState | undefined;
  colSpan: number;
  inScroller?: boolean;
}) {
  if (!empty && !load?.error) return null;
  const note = <EmptyOrError load={load} />;
  return (
    <tr>
      <td colSpan={colSpan}>{inScroller ? <div className="sticky left-0 w-[100cqw]">{note}</div> : note}</td>
    </tr>
  );
}

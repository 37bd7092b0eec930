import { t, useLanguage } from '../../i18n/i18n';
import { PAGE_SIZES } from './tableFeatures';

interface Props {
  pageIndex: number;
  pageSize: number;
  total: number;
  onChange: (pageIndex: number, pageSize: number) => void;
}

/** Page size 10/20/50/100 (spec §9) and previous/next with "page x of y". */
export function Pagination({ pageIndex, pageSize, total, onChange }: Props) {
  useLanguage();
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const btn = 'rounded border border-line px-2 py-0.5 disabled:opacity-40 hover:bg-surface-2';
  return (
    <div className="flex items-center justify-end gap-3 border-t border-line px-3 py-2 text-sm text-muted" data-testid="pagination">
      <span>{t('table.total', { count: total })}</span>
      <select
        aria-label={t('table.pageSize')}
        value={pageSize}
        onChange={(e) => onChange(0, Number(e.target.value))}
        className="rounded border border-line bg-surface-2 px-1 py-0.5 text-ink"
      >
        {PAGE_SIZES.map((n) => (
          <option key={n} value={n}>
            {t('table.perPage', { n })}
          </option>
        ))}
      </select>
      <button
        type="button"
        className={btn}
        disabled={pageIndex <= 0}
        onClick={() => onChange(pageIndex - 1, pageSize)}
        aria-label={t('table.prev')}
      >
        ‹
      </button>
      <span data-testid="page-indicator">
        {pageIndex + 1} / {pages}
      </span>
      <button
        type="button"
        className={btn}
        disabled={pageIndex + 1 >= pages}
        onClick={() => onChange(pageIndex + 1, pageSize)}
        aria-label={t('table.next')}
      >
        ›
      </button>
    </div>
  );
}

import { useCallback, useMemo, useRef, useState } from 'react';
import { useQuery, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import { useDefaultPageSize } from '../../settings/settingsStore';

export interface Page {
  index: number;
  limit: number;
}

/**
 * A table's page with the default size from the settings in force (系统配置 → 表格每页条数): until the
 * user picks a size on this table, a changed setting applies at once. The page object and the setter
 * are stable while their values are.
 */
export function usePaging(): [Page, (next: Page | ((current: Page) => Page)) => void] {
  const defaultSize = useDefaultPageSize();
  const latestDefault = useRef(defaultSize);
  latestDefault.current = defaultSize;
  const [state, setState] = useState<{ index: number; limit?: number }>({ index: 0 });
  // One object per value: screens load with the page as a dependency.
  const limit = state.limit ?? defaultSize;
  const page = useMemo(() => ({ index: state.index, limit }), [state.index, limit]);
  const setPage = useCallback((next: Page | ((current: Page) => Page)) => {
    setState((cur) => {
      const def = latestDefault.current;
      const n = typeof next === 'function' ? next({ index: cur.index, limit: cur.limit ?? def }) : next;
      return n.limit === def && cur.limit === undefined ? { index: n.index } : { index: n.index, limit: n.limit };
    });
  }, []);
  return [page, setPage];
}

/** DataTable's server paging of a page kept by usePaging: the total the server counted, a new page or size picked goes to setPage. */
export function serverPaging(page: Page, setPage: (next: Page) => void, total: number | undefined) {
  return {
    total: total ?? 0,
    pageIndex: page.index,
    pageSize: page.limit,
    onChange: (index: number, limit: number) => setPage({ index, limit }),
  };
}

/** One page of a list as the server answers it: the rows and how many there are in all. */
export interface PageOf<R> {
  rows: R[];
  total: number;
}

/**
 * A list paged on the server: the page (usePaging), the read of that page and DataTable's props for
 * it — the rows, the read's state behind them and the paging. A new filter or order goes back to the
 * first page with `firstPage`.
 */
export function usePagedList<R, K extends QueryKey>(query: (page: Page) => UseQueryOptions<PageOf<R>, Error, PageOf<R>, K>) {
  const [page, setPage] = usePaging();
  const list = useQuery(query(page));
  return {
    list,
    firstPage: () => setPage((p) => ({ ...p, index: 0 })),
    table: { data: list.data?.rows ?? [], load: list, server: serverPaging(page, setPage, list.data?.total) },
  };
}

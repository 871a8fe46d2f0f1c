import { DEFAULT_PAGE_SIZE } from '@nlims/contracts';
import { useEffect, useState } from 'react';
import type { OrderListParams } from '../api';

const DEBOUNCE_MS = 400;

/** Page, size, search (debounced), status and date range of a sample list; any change but the page returns to page 0. */
export function useSampleList(initialStatus?: number) {
  const [params, setParams] = useState<OrderListParams>({ pageIndex: 0, pageSize: DEFAULT_PAGE_SIZE, status: initialStatus });
  const [searchText, setSearchText] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setParams((p) => (p.search === searchText ? p : { ...p, search: searchText, pageIndex: 0 })), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [searchText]);
  const set = (change: Partial<OrderListParams>) => setParams((p) => ({ ...p, pageIndex: 0, ...change }));
  return {
    params,
    searchText,
    setSearchText,
    set,
    setPage: (pageIndex: number) => setParams((p) => ({ ...p, pageIndex })),
  };
}
export type SampleListState = ReturnType<typeof useSampleList>;

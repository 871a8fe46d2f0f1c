import { DEFAULT_PAGE_SIZE } from '@nlims/contracts';
import { useEffect, useState } from 'react';
import type { ListParams } from './api';

export const SEARCH_DEBOUNCE_MS = 400;

/** What a list shows: page, size, search (debounced), ordering and filters; changing any but the page goes back to page 0. */
export function useListState(initialFilters: ListParams['filters'] = {}) {
  const [pageIndex, setPageIndex] = useState(0);
  const [pageSize, setPageSizeRaw] = useState<number>(DEFAULT_PAGE_SIZE);
  const [searchText, setSearchText] = useState('');
  const [search, setSearch] = useState('');
  const [ordering, setOrderingRaw] = useState('');
  const [filters, setFiltersRaw] = useState(initialFilters);

  useEffect(() => {
    const timer = setTimeout(() => {
      setSearch(searchText);
      setPageIndex(0);
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [searchText]);

  const params: ListParams = { pageIndex, pageSize, search, ordering, filters };
  return {
    params,
    searchText,
    setSearchText,
    setPageIndex,
    setPageSize: (size: number) => {
      setPageSizeRaw(size);
      setPageIndex(0);
    },
    setOrdering: (next: string) => {
      setOrderingRaw(next);
      setPageIndex(0);
    },
    setFilter: (name: string, value: string | number | undefined) => {
      setFiltersRaw((current) => ({ ...current, [name]: value }));
      setPageIndex(0);
    },
  };
}
export type ListState = ReturnType<typeof useListState>;

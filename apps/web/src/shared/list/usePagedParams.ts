import { useEffect, useState } from 'react';

const DEBOUNCE_MS = 400;

interface Paged {
  pageIndex: number;
  pageSize: number;
  search?: string;
}

/** Page, size, a debounced search and any filters of a server list; any change but the page returns to page 0. */
export function usePagedParams<P extends Paged>(initial: P) {
  const [params, setParams] = useState<P>(initial);
  const [searchText, setSearchText] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setParams((p) => (p.search === searchText ? p : { ...p, search: searchText, pageIndex: 0 })), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [searchText]);
  const set = (change: Partial<P>) => setParams((p) => ({ ...p, pageIndex: 0, ...change }));
  return {
    params,
    searchText,
    setSearchText,
    set,
    setPage: (pageIndex: number) => setParams((p) => ({ ...p, pageIndex })),
  };
}

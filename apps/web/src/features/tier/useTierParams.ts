import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { readFilters, readView, type TierFilters, type TierView, writeFilters } from './filters';

type Change = Partial<Record<keyof TierFilters | keyof TierView, string | number | undefined>>;

/** The dashboard's filters and view, read from and written to the address (each change replaces the entry, so Back leaves the page). */
export function useTierParams() {
  const [params, setParams] = useSearchParams();
  const search = params.toString();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the parameters are read again only when the address changes
  const filters = useMemo(() => readFilters(params), [search]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: as above
  const view = useMemo(() => readView(params), [search]);
  const set = (change: Change) => setParams((p) => writeFilters(p, change), { replace: true });
  return { filters, view, set };
}

import { FILTER_PREFIX, type Paginated } from '@nlims/contracts';
import { api } from '../../api/client';
import type { Row, Values } from './types';

/** Every query of a resource starts with this key, so one invalidation refreshes its lists and look-ups. */
export const resourceKey = (path: string) => ['resource', path] as const;

export interface ListParams {
  pageIndex: number;
  pageSize: number;
  search: string;
  ordering: string;
  filters: Record<string, string | number | undefined>;
}

/** The wire query of DESIGN §2: one-based `page`, `page_size`, `search`, `ordering`, `Filters.<name>`. */
export function toQuery(params: ListParams): Record<string, string | number | undefined> {
  const query: Record<string, string | number | undefined> = {
    page: params.pageIndex + 1,
    page_size: params.pageSize,
    search: params.search.trim() || undefined,
    ordering: params.ordering || undefined,
  };
  for (const [name, value] of Object.entries(params.filters)) query[`${FILTER_PREFIX}${name}`] = value;
  return query;
}

export const fetchPage = (path: string, params: ListParams, signal?: AbortSignal) => api<Paginated<Row>>(`/api/${path}/`, { query: toQuery(params), signal });

/** Every row of a look-up (lists answer all rows when asked without `page`). */
export const fetchAll = <T = Row>(path: string, query?: Record<string, string | number | undefined>, signal?: AbortSignal) =>
  api<T[]>(`/api/${path}/`, { query, signal });

/** Remove a row for good (`DELETE`); only resources that allow it offer it. */
export const deleteRow = (path: string, id: number) => api<null>(`/api/${path}/${id}/`, { method: 'DELETE' });

/** Create (POST) or change the fields sent (PATCH). */
export const saveRow = (path: string, body: Values, id?: number) =>
  api<Row>(id ? `/api/${path}/${id}/` : `/api/${path}/`, { method: id ? 'PATCH' : 'POST', body });

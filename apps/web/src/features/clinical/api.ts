import { FILTER_PREFIX, type Paginated } from '@nlims/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../api/client';
import { CLINICAL } from './keys';
import type { Client, Dashboard, HistoryItem, NamedRow, OrderDetail, OrderLookup, OrderRow, ReasonRow, ReportRow, ResultRow } from './types';

export { CLINICAL };
type Query = Record<string, string | number | undefined>;

export interface OrderListParams {
  pageIndex: number;
  pageSize: number;
  search?: string;
  ordering?: string;
  status?: number;
  /** Several statuses at once (`Filters.status__in=`), used when no single status is chosen. */
  statuses?: readonly number[];
  start_date?: string;
  end_date?: string;
}

export function orderQuery(p: OrderListParams): Query {
  return {
    page: p.pageIndex + 1,
    page_size: p.pageSize,
    search: p.search?.trim() || undefined,
    ordering: p.ordering || undefined,
    [`${FILTER_PREFIX}status`]: p.status,
    [`${FILTER_PREFIX}status__in`]: p.status == null && p.statuses?.length ? p.statuses.join(',') : undefined,
    start_date: p.start_date,
    end_date: p.end_date,
  };
}

const fetchOrders = (p: OrderListParams, signal?: AbortSignal) => api<Paginated<OrderRow>>('/api/general_order/', { query: orderQuery(p), signal });

/** One server page of samples. */
export function useOrders(params: OrderListParams, enabled = true) {
  return useQuery({ queryKey: [...CLINICAL, 'orders', params], queryFn: ({ signal }) => fetchOrders(params, signal), placeholderData: keepPreviousData, enabled });
}

/**
 * The newest 100 samples in any of several statuses, in one request.
 * Samples stay ONGOING after their results are released, so the newest are
 * the ones still being worked on.
 */
export function useOrdersIn(statuses: readonly number[]) {
  const query = useOrders({ pageIndex: 0, pageSize: 100, statuses, ordering: '-created_at' });
  return { rows: query.data?.results ?? [], total: query.data?.count ?? 0, loading: query.isPending, fetching: query.isFetching };
}

export interface ResultListParams {
  pageIndex: number;
  pageSize: number;
  search?: string;
  ordering?: string;
  /** One result status: ENTERED (validation), VERIFIED (approval) or APPROVAL (released). */
  status: number;
}

/** One server page of current results in one status, with their sample and client, newest entry first. */
export function useResults(p: ResultListParams) {
  const query: Query = {
    page: p.pageIndex + 1,
    page_size: p.pageSize,
    search: p.search?.trim() || undefined,
    ordering: p.ordering || undefined,
    [`${FILTER_PREFIX}status`]: p.status,
  };
  return useQuery({
    queryKey: [...CLINICAL, 'results', p],
    queryFn: ({ signal }) => api<Paginated<ResultRow>>('/api/results/', { query, signal }),
    placeholderData: keepPreviousData,
  });
}

const fetchOrder = (id: number, signal?: AbortSignal) => api<OrderDetail>(`/api/general_order/${id}/`, { signal });

export function useOrder(id: number | null) {
  return useQuery({ queryKey: [...CLINICAL, 'order', id], queryFn: ({ signal }) => fetchOrder(id!, signal), enabled: id != null });
}

export function useHistory(id: number | null) {
  return useQuery({ queryKey: [...CLINICAL, 'history', id], queryFn: ({ signal }) => api<HistoryItem[]>(`/api/general_order/${id}/history/`, { signal }), enabled: id != null });
}

export function useDashboard() {
  return useQuery({ queryKey: [...CLINICAL, 'dashboard'], queryFn: ({ signal }) => api<Dashboard>('/api/facility_general_order_dashboard/', { signal }) });
}

export function useReport(query: Query) {
  return useQuery({
    queryKey: [...CLINICAL, 'report', query],
    queryFn: ({ signal }) => api<Paginated<ReportRow>>('/api/general_order_report/', { query, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useClientSearch(search: string) {
  return useQuery({
    queryKey: [...CLINICAL, 'clients', search],
    queryFn: ({ signal }) => api<Paginated<Client>>('/api/clients/', { query: { page: 1, page_size: 10, search: search.trim() || undefined }, signal }),
    enabled: search.trim().length >= 2,
    placeholderData: keepPreviousData,
  });
}

/** Reference data: the tests the facility offers, and the plain lists; they change rarely. */
export function useOrderLookup() {
  return useQuery({ queryKey: ['clinical-ref', 'general_order_look_up'], queryFn: ({ signal }) => api<OrderLookup>('/api/general_order_look_up/', { signal }), staleTime: 10 * 60_000 });
}

export type RefPath = 'sample_type' | 'method' | 'instrument' | 'organism' | 'antibiotic' | 'result_rejection_reason' | 'client_identifier_type' | 'state';
export function useReference<T = NamedRow>(path: RefPath) {
  return useQuery({ queryKey: ['clinical-ref', path], queryFn: ({ signal }) => api<T[]>(`/api/${path}/`, { signal }), staleTime: 10 * 60_000 });
}
export const useResultRejectionReasons = () => useReference<ReasonRow>('result_rejection_reason');

export function useLgas(state: number | null | undefined) {
  return useQuery({
    queryKey: ['clinical-ref', 'local_government_area', state],
    queryFn: ({ signal }) => api<NamedRow[]>('/api/local_government_area/', { query: { state: state! }, signal }),
    enabled: state != null,
    staleTime: 10 * 60_000,
  });
}

export * from './mutations';

import { FILTER_PREFIX, type Paginated } from '@nlims/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../api/client';
import { CLINICAL } from './keys';
import type { Client, Dashboard, HistoryItem, NamedRow, OrderDetail, OrderLookup, OrderRow, ReasonRow, ReportRow, ResultRow, WorkplanRow } from './types';

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
  /** Finished samples only (true), or those still being worked on (false). */
  completed?: boolean;
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
    [`${FILTER_PREFIX}completed`]: p.completed == null ? undefined : String(p.completed),
  };
}

const fetchOrders = (p: OrderListParams, signal?: AbortSignal) => api<Paginated<OrderRow>>('/api/general_order/', { query: orderQuery(p), signal });

/** One server page of samples. */
export function useOrders(params: OrderListParams, enabled = true) {
  return useQuery({
    queryKey: [...CLINICAL, 'orders', params],
    queryFn: ({ signal }) => fetchOrders(params, signal),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export interface WorkplanParams {
  pageIndex: number;
  pageSize: number;
  search?: string;
  section?: number;
  bench?: number;
  priority?: string;
}

/** One server page of the tests waiting for a run, urgent first, then earliest due (`GET workplan/`). */
export function useWorkplanPage(p: WorkplanParams) {
  const query: Query = {
    page: p.pageIndex + 1,
    page_size: p.pageSize,
    search: p.search?.trim() || undefined,
    [`${FILTER_PREFIX}section`]: p.section,
    [`${FILTER_PREFIX}bench`]: p.bench,
    [`${FILTER_PREFIX}priority`]: p.priority,
  };
  return useQuery({
    queryKey: [...CLINICAL, 'workplan', p],
    queryFn: ({ signal }) => api<Paginated<WorkplanRow>>('/api/workplan/', { query, signal }),
    placeholderData: keepPreviousData,
  });
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
  return useQuery({
    queryKey: [...CLINICAL, 'history', id],
    queryFn: ({ signal }) => api<HistoryItem[]>(`/api/general_order/${id}/history/`, { signal }),
    enabled: id != null,
  });
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
  return useQuery({
    queryKey: ['clinical-ref', 'general_order_look_up'],
    queryFn: ({ signal }) => api<OrderLookup>('/api/general_order_look_up/', { signal }),
    staleTime: 10 * 60_000,
  });
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

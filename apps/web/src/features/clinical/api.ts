import { type ClinicalDashboard, FILTER_PREFIX, type Paginated } from '@nlims/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../api/client';
import { CLINICAL } from './keys';
import type { Programme } from './programme';
import type {
  Client,
  HistoryItem,
  NamedRow,
  OrderableTest,
  OrderDetail,
  OrderLookup,
  OrderRow,
  ReasonRow,
  ReportRow,
  ReviewSample,
  WorkplanRow,
} from './types';

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
  /** One sample by its label, exactly (`Filters.barcode=`): reception's scanner. */
  barcode?: string;
  /** Every sample of one order (`Filters.order=`). */
  order?: number;
}

/** The programme of a list whose endpoint spans several (`?program__name=`). */
const programQuery = (programme: Programme): Query => ({ program__name: programme.name });

export function orderQuery(p: OrderListParams): Query {
  const barcode = p.barcode?.trim();
  if (barcode) return { page: p.pageIndex + 1, page_size: p.pageSize, [`${FILTER_PREFIX}barcode`]: barcode };
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
    [`${FILTER_PREFIX}order`]: p.order,
  };
}

/** `/api/general_order/`, `/api/tb_sample/`, … (with `rest` after the slash). */
export const formPath = (programme: Programme, rest = '') => `/api/${programme.form}/${rest}`;

/** One server page of the programme's samples (one row per sample). */
export function useOrders(programme: Programme, params: OrderListParams, enabled = true) {
  return useQuery({
    queryKey: [...CLINICAL, programme.name, 'orders', params],
    queryFn: ({ signal }) => api<Paginated<OrderRow>>(formPath(programme), { query: { ...programQuery(programme), ...orderQuery(params) }, signal }),
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

/** One server page of the programme's tests waiting for a run, urgent first, then earliest due (`GET workplan/`). */
export function useWorkplanPage(programme: Programme, p: WorkplanParams) {
  const query: Query = {
    ...programQuery(programme),
    page: p.pageIndex + 1,
    page_size: p.pageSize,
    search: p.search?.trim() || undefined,
    [`${FILTER_PREFIX}section`]: p.section,
    [`${FILTER_PREFIX}bench`]: p.bench,
    [`${FILTER_PREFIX}priority`]: p.priority,
  };
  return useQuery({
    queryKey: [...CLINICAL, programme.name, 'workplan', p],
    queryFn: ({ signal }) => api<Paginated<WorkplanRow>>('/api/workplan/', { query, signal }),
    placeholderData: keepPreviousData,
  });
}

export interface ReviewListParams {
  pageIndex: number;
  pageSize: number;
  search?: string;
  /** Samples with a result in this status: ENTERED (validation), VERIFIED (approval) or APPROVAL (released). */
  status: number;
}

/** One server page of the programme's samples with a result in one status, each with every test and its result (`GET result_samples/`), urgent first, then the longest waiting. */
export function useReviewSamples(programme: Programme, p: ReviewListParams) {
  const query: Query = {
    ...programQuery(programme),
    page: p.pageIndex + 1,
    page_size: p.pageSize,
    search: p.search?.trim() || undefined,
    [`${FILTER_PREFIX}status`]: p.status,
  };
  return useQuery({
    queryKey: [...CLINICAL, programme.name, 'result-samples', p],
    queryFn: ({ signal }) => api<Paginated<ReviewSample>>('/api/result_samples/', { query, signal }),
    placeholderData: keepPreviousData,
  });
}

/** One sample in full, by the sample's id: its order's fields and request form, the order's other samples, and its tests with their results. */
export function useOrder(programme: Programme, id: number | null) {
  return useQuery({
    queryKey: [...CLINICAL, programme.name, 'order', id],
    queryFn: ({ signal }) => api<OrderDetail>(formPath(programme, `${id}/`), { signal }),
    enabled: id != null,
  });
}

export function useHistory(programme: Programme, id: number | null) {
  return useQuery({
    queryKey: [...CLINICAL, programme.name, 'history', id],
    queryFn: ({ signal }) => api<HistoryItem[]>(formPath(programme, `${id}/history/`), { signal }),
    enabled: id != null,
  });
}

export function useDashboard() {
  return useQuery({
    queryKey: [...CLINICAL, 'dashboard'],
    queryFn: ({ signal }) => api<ClinicalDashboard>('/api/facility_general_order_dashboard/', { signal }),
  });
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

/**
 * What an order may ask for: General's lab order reads the facility's test
 * services with prices (`general_order_look_up/`); every other programme its
 * catalogue tests (`test_configuration/?program__name=`), without prices. Both
 * list panels beside their members; the test picker offers a panel as one item.
 */
export function useOrderLookup(programme: Programme) {
  return useQuery({
    queryKey: ['clinical-ref', 'order-lookup', programme.name],
    queryFn: async ({ signal }): Promise<OrderLookup> => {
      if (programme.family === 'general') return api<OrderLookup>('/api/general_order_look_up/', { signal });
      const tests = await api<Omit<OrderableTest, 'price'>[]>('/api/test_configuration/', { query: programQuery(programme), signal });
      return { tests: tests.map((x) => ({ ...x, price: null })), priorities: ['routine', 'urgent'], identifier_types: [] };
    },
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

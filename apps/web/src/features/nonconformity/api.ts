import type {
  NcrCreateBody,
  NcrDetail,
  NcrDraft,
  NcrItem,
  NcrSource,
  NcrSummary,
  Paginated,
  ResultSampleItem,
  ncrActionBody,
  ncrActionUpdateBody,
  ncrClassifyBody,
  ncrCloseBody,
  ncrListQuery,
  ncrUpdateBody,
} from '@nlims/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../api/client';

const NCR = ['ncr'] as const;
const BASE = '/api/non_conformity_report';

export type ClassifyBody = z.input<typeof ncrClassifyBody>;
export type ActionBody = z.input<typeof ncrActionBody>;
export type ActionUpdateBody = z.input<typeof ncrActionUpdateBody>;
export type CloseBody = z.input<typeof ncrCloseBody>;
export type UpdateBody = z.input<typeof ncrUpdateBody>;
export type DraftSource = Exclude<NcrSource, 'manual'>;
export interface Person {
  id: number;
  name: string;
}
export interface Section {
  id: number;
  name: string;
  is_active?: boolean;
}

/** The list's filters as they travel (page one-based, as on the wire). */
export type ListFilters = Omit<z.output<typeof ncrListQuery>, 'page_size'>;
export const NCR_PAGE = 20;

export function useNcrList(filters: ListFilters) {
  return useQuery({
    queryKey: [...NCR, 'list', filters],
    queryFn: ({ signal }) => api<Paginated<NcrItem>>(`${BASE}/`, { query: { ...filters, page_size: NCR_PAGE }, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useNcr(id: number) {
  return useQuery({
    queryKey: [...NCR, 'one', id],
    queryFn: ({ signal }) => api<NcrDetail>(`${BASE}/${id}/`, { signal, notify: false }),
    enabled: Number.isInteger(id) && id > 0,
  });
}

/** A report pre-filled from an event the system saw; nothing is saved by asking. */
export function useNcrDraft(source: DraftSource | null, ref: number | null) {
  return useQuery({
    queryKey: [...NCR, 'draft', source, ref],
    queryFn: ({ signal }) => api<NcrDraft>(`${BASE}/draft/`, { query: { source, ref }, signal, notify: false }),
    enabled: source != null && ref != null,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}

export function useNcrSummary(month: string) {
  return useQuery({
    queryKey: [...NCR, 'summary', month],
    queryFn: ({ signal }) => api<NcrSummary>(`${BASE}/summary/`, { query: { month }, signal, notify: false }),
  });
}

/** The summary as a file (CSV or XLSX), as the server writes it. */
export const summaryFilePath = (month: string, format: 'csv' | 'xlsx') => `${BASE}/summary/?month=${month}&format=${format}`;

/** Open reports and overdue actions of the facility: the sidebar badge. */
export function useNcrCounts(enabled: boolean) {
  return useQuery({
    queryKey: [...NCR, 'counts'],
    queryFn: ({ signal }) => api<{ open: number; overdue_actions: number }>(`${BASE}/counts/`, { signal, notify: false }),
    enabled,
    staleTime: 60_000,
    refetchInterval: 5 * 60_000,
  });
}

/** The facility's active users, who may own an action. */
export function useResponsibles(enabled = true) {
  return useQuery({
    queryKey: [...NCR, 'responsibles'],
    queryFn: ({ signal }) => api<Person[]>(`${BASE}/responsibles/`, { signal }),
    enabled,
    staleTime: 5 * 60_000,
  });
}

/** The laboratory units (sections): the reference list every signed-in user reads. */
export function useSections() {
  return useQuery({
    queryKey: ['lookup', 'section', 'all'],
    queryFn: ({ signal }) => api<Section[]>('/api/section/', { signal, notify: false }),
    staleTime: 10 * 60_000,
  });
}

/**
 * Samples by lab number (or the client's name), across the programmes the caller reads, each with its tests: the
 * result pages' sample search (`result_samples/`).
 */
export function searchSamples(term: string, signal?: AbortSignal) {
  return api<Paginated<ResultSampleItem>>('/api/result_samples/', { query: { search: term, page: 1, page_size: 10 }, signal, notify: false });
}

export function useSampleSearch(term: string) {
  const trimmed = term.trim();
  return useQuery({
    queryKey: [...NCR, 'samples', trimmed],
    queryFn: ({ signal }) => searchSamples(trimmed, signal),
    enabled: trimmed.length >= 3,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

/** A saved report: its detail as the reply gives it; the lists, summary and badge asked again. */
function useSettle() {
  const client = useQueryClient();
  return (detail: NcrDetail) => {
    client.setQueryData([...NCR, 'one', detail.id], detail);
    void client.invalidateQueries({ queryKey: [...NCR, 'list'] });
    void client.invalidateQueries({ queryKey: [...NCR, 'summary'] });
    void client.invalidateQueries({ queryKey: [...NCR, 'counts'] });
  };
}

// The forms show a refusal on their fields, so no notice as well (notify: false).
export function useCreateNcr() {
  const settle = useSettle();
  return useMutation({
    mutationFn: (body: NcrCreateBody) => api<NcrDetail>(`${BASE}/`, { method: 'POST', body, notify: false }),
    onSuccess: settle,
  });
}

export function useUpdateNcr(id: number) {
  const settle = useSettle();
  return useMutation({
    mutationFn: (body: UpdateBody) => api<NcrDetail>(`${BASE}/${id}/`, { method: 'PATCH', body, notify: false }),
    onSuccess: settle,
  });
}

export function useClassifyNcr(id: number) {
  const settle = useSettle();
  return useMutation({
    mutationFn: (body: ClassifyBody) => api<NcrDetail>(`${BASE}/${id}/classify/`, { method: 'POST', body, notify: false }),
    onSuccess: settle,
  });
}

export function useAddAction(id: number) {
  const settle = useSettle();
  return useMutation({
    mutationFn: (body: ActionBody) => api<NcrDetail>(`${BASE}/${id}/actions/`, { method: 'POST', body, notify: false }),
    onSuccess: settle,
  });
}

export function useUpdateAction(id: number) {
  const settle = useSettle();
  return useMutation({
    mutationFn: ({ action, body }: { action: number; body: ActionUpdateBody }) =>
      api<NcrDetail>(`${BASE}/${id}/actions/${action}/`, { method: 'PATCH', body, notify: false }),
    onSuccess: settle,
  });
}

export function useCloseNcr(id: number) {
  const settle = useSettle();
  return useMutation({
    mutationFn: (body: CloseBody) => api<NcrDetail>(`${BASE}/${id}/close/`, { method: 'POST', body, notify: false }),
    onSuccess: settle,
  });
}

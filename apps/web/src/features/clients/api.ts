import { type ProgramForm, FILTER_PREFIX, type Paginated } from '@nlims/contracts';
import { keepPreviousData, useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/client';
import { useNotices } from '../../shared/notices';
import { CLINICAL } from '../clinical/keys';
import type { OrderDetail, OrderRow } from '../clinical/types';
import type { ClientRecord } from './types';

/** Every client read starts with this key; a write refreshes them and the clinical reads (the lab order's client search). */
export const CLIENTS = ['clients'] as const;

export interface ClientListParams {
  pageIndex: number;
  pageSize: number;
  search?: string;
}

/** One server page of the facility's clients (merged duplicates left out), newest first. */
export function useClients(p: ClientListParams) {
  const query = { page: p.pageIndex + 1, page_size: p.pageSize, search: p.search?.trim() || undefined };
  return useQuery({
    queryKey: [...CLIENTS, 'list', p],
    queryFn: ({ signal }) => api<Paginated<ClientRecord>>('/api/clients/', { query, signal }),
    placeholderData: keepPreviousData,
  });
}

/** Clients found by name, phone or identifier (at least two characters), for a picker. */
export function useClientSearch(search: string) {
  const term = search.trim();
  return useQuery({
    queryKey: [...CLIENTS, 'search', term],
    queryFn: ({ signal }) => api<Paginated<ClientRecord>>('/api/clients/', { query: { page: 1, page_size: 10, search: term }, signal }),
    enabled: term.length >= 2,
    placeholderData: keepPreviousData,
  });
}

export function useClient(id: number | null) {
  return useQuery({
    queryKey: [...CLIENTS, 'one', id],
    queryFn: ({ signal }) => api<ClientRecord>(`/api/clients/${id}/`, { signal }),
    enabled: id != null,
  });
}

/** The client's samples on one wire form (`{form}/?Filters.client=`), newest first. */
export function useClientOrders(clientId: number, form: ProgramForm, pageIndex = 0, pageSize = 5) {
  return useQuery({
    queryKey: [...CLIENTS, 'orders', form, clientId, pageIndex, pageSize],
    queryFn: ({ signal }) =>
      api<Paginated<OrderRow>>(`/api/${form}/`, {
        query: { page: pageIndex + 1, page_size: pageSize, [`${FILTER_PREFIX}client`]: clientId },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/** Each sample's detail (its tests' current results), for a short page of samples. */
export function useOrderDetails(form: ProgramForm, ids: number[]) {
  return useQueries({
    queries: ids.map((id) => ({
      queryKey: [...CLIENTS, 'order', form, id],
      queryFn: ({ signal }: { signal: AbortSignal }) => api<OrderDetail>(`/api/${form}/${id}/`, { signal }),
    })),
  });
}

function useClientWrite<A, R>(run: (args: A) => Promise<R>, notice = true) {
  const client = useQueryClient();
  const { message } = useNotices();
  const { t } = useTranslation('clients');
  return useMutation({
    mutationFn: run,
    onSuccess: async () => {
      if (notice) void message.success(t('saved'));
      await Promise.all([client.invalidateQueries({ queryKey: CLIENTS }), client.invalidateQueries({ queryKey: CLINICAL })]);
    },
  });
}

/** Register a client, or (given an id) save changes to one. */
export const useSaveClient = () =>
  useClientWrite(({ id, body }: { id?: number; body: Record<string, unknown> }) =>
    id == null ? api<ClientRecord>('/api/clients/', { body }) : api<ClientRecord>(`/api/clients/${id}/`, { method: 'PATCH', body }),
  );

/** Merge `duplicate` into `keep` (irreversible; supervisors only). */
export const useMergeClients = () =>
  useClientWrite(
    ({ keep, duplicate, confirm }: { keep: number; duplicate: number; confirm?: string }) =>
      api<ClientRecord>(`/api/clients/${keep}/merge/`, { body: { duplicate, confirm } }),
    false,
  );

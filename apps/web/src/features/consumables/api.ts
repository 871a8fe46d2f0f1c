import type {
  ConsumableAlerts,
  ConsumableConfigBody,
  ConsumableIssueBody,
  ConsumableIssuePlan,
  ConsumableIssueReply,
  ConsumableItem,
  ConsumableItemBody,
  ConsumableItemPatch,
  ConsumableLot,
  ConsumableQuantityIn,
  ConsumableReceipt,
  ConsumableReceiptBody,
  ConsumableReceiptReply,
  ConsumableStockCard,
  ConsumableTestOption,
  Paginated,
} from '@nlims/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client';

/** Every consumables query sits under this key: a move refreshes the lists, the card, the alerts and the badge at once. */
export const STOCK = ['consumables'] as const;
export const PAGE_SIZE = 20;

export interface Named {
  id: number;
  name: string;
  is_active?: boolean;
}
export interface Unit extends Named {
  symbol: string;
}
export interface Bench extends Named {
  code: string;
  section_name?: string;
}

export interface ItemFilters {
  search?: string;
  category?: string;
  low?: '1';
  page: number;
}
export interface LotFilters {
  search?: string;
  item?: number;
  state?: string;
  page: number;
}
export interface ReceiptFilters {
  search?: string;
  item?: number;
  page: number;
}
export interface CardFilters {
  item?: number;
  lot?: number;
  bench?: string;
  start_date?: string;
  end_date?: string;
  page: number;
}

export function useItems(filters: ItemFilters, enabled = true) {
  return useQuery({
    queryKey: [...STOCK, 'items', filters],
    queryFn: ({ signal }) => api<Paginated<ConsumableItem>>('/api/consumable_generic/', { query: { ...filters, page_size: PAGE_SIZE }, signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** Items for a picker: those matching what was typed (the first twenty). */
export function useItemChoices(search: string) {
  return useQuery({
    queryKey: [...STOCK, 'items', 'choices', search],
    queryFn: ({ signal }) =>
      api<Paginated<ConsumableItem>>('/api/consumable_generic/', { query: { search, is_active: '1', page_size: 20 }, signal, notify: false }),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

export function useItem(id: number | null | undefined) {
  return useQuery({
    queryKey: [...STOCK, 'item', id],
    queryFn: ({ signal }) => api<ConsumableItem>(`/api/consumable_generic/${id}/`, { signal, notify: false }),
    enabled: id != null,
  });
}

export function useLots(filters: LotFilters, pageSize = PAGE_SIZE) {
  return useQuery({
    queryKey: [...STOCK, 'lots', filters, pageSize],
    queryFn: ({ signal }) => api<Paginated<ConsumableLot>>('/api/consumable/', { query: { ...filters, page_size: pageSize }, signal }),
    placeholderData: keepPreviousData,
  });
}

/** The lots of an item an issue may take from: usable ones only (active, not expired, holding stock). */
export function useUsableLots(item: number | null | undefined) {
  return useQuery({
    queryKey: [...STOCK, 'lots', 'usable', item],
    queryFn: ({ signal }) => api<Paginated<ConsumableLot>>('/api/consumable/', { query: { item, state: 'usable', page_size: 100 }, signal, notify: false }),
    enabled: item != null,
  });
}

export function useReceipts(filters: ReceiptFilters) {
  return useQuery({
    queryKey: [...STOCK, 'receipts', filters],
    queryFn: ({ signal }) => api<Paginated<ConsumableReceipt>>('/api/received_consumable/', { query: { ...filters, page_size: PAGE_SIZE }, signal }),
    placeholderData: keepPreviousData,
  });
}

export const CARD_PAGE = 50;
export function useStockCard(filters: CardFilters) {
  return useQuery({
    queryKey: [...STOCK, 'card', filters],
    queryFn: ({ signal }) => api<ConsumableStockCard>('/api/stock_card/', { query: { ...filters, page_size: CARD_PAGE }, signal }),
    enabled: filters.item != null || filters.lot != null,
    placeholderData: keepPreviousData,
  });
}

/** The card as a file, as the server writes it. */
export function stockCardFile(filters: CardFilters, format: 'csv' | 'xlsx'): string {
  const query = new URLSearchParams(
    Object.entries({ ...filters, page: undefined, format }).flatMap(([k, v]) => (v == null || v === '' ? [] : [[k, String(v)]])),
  );
  return `/api/stock_card/?${query}`;
}

export function useAlerts(enabled = true) {
  return useQuery({
    queryKey: [...STOCK, 'alerts'],
    queryFn: ({ signal }) => api<ConsumableAlerts>('/api/consumable_alerts/', { signal, notify: false }),
    enabled,
    staleTime: 60_000,
    refetchInterval: 5 * 60_000,
  });
}

export function useIssuePlan(item: number | null | undefined, quantity: number | null | undefined, quantityIn: ConsumableQuantityIn, lot: number | null) {
  return useQuery({
    queryKey: [...STOCK, 'plan', item, quantity, quantityIn, lot],
    queryFn: ({ signal }) =>
      api<ConsumableIssuePlan>('/api/consumable/issue_plan/', { query: { item, quantity, quantity_in: quantityIn, lot }, signal, notify: false }),
    enabled: item != null && quantity != null && quantity > 0,
    placeholderData: keepPreviousData,
  });
}

// The look-ups: reference lists (everyone reads them) and the facility's tests.
const lookup = <T>(key: string, path: string) => ({
  queryKey: ['lookup', key, 'all'],
  queryFn: ({ signal }: { signal: AbortSignal }) => api<T[]>(path, { signal, notify: false }),
  staleTime: 10 * 60_000,
});
export const useBenches = () => useQuery(lookup<Bench>('bench', '/api/bench/'));
export const useSuppliers = () => useQuery(lookup<Named>('supplier', '/api/supplier/'));
export const useManufacturers = () => useQuery(lookup<Named>('manufacturer', '/api/manufacturer/'));
export const useUnits = () => useQuery(lookup<Unit>('measure_unit', '/api/measure_unit/'));
export function useTestOptions() {
  return useQuery({
    queryKey: [...STOCK, 'tests'],
    queryFn: ({ signal }) => api<ConsumableTestOption[]>('/api/consumable_config/tests/', { signal, notify: false }),
    staleTime: 10 * 60_000,
  });
}

/** After any write: every consumables query asked again (lists, card, alerts, badge). */
function useRefresh() {
  const client = useQueryClient();
  return () => void client.invalidateQueries({ queryKey: STOCK });
}

// The forms and dialogs show a refusal on their fields, so no notice as well (notify: false).
export function useSaveItem(id: number | null) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: ConsumableItemBody | ConsumableItemPatch) =>
      id == null
        ? api<ConsumableItem>('/api/consumable_generic/', { method: 'POST', body, notify: false })
        : api<ConsumableItem>(`/api/consumable_generic/${id}/`, { method: 'PATCH', body, notify: false }),
    onSuccess: refresh,
  });
}

export function useAddConfig() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: ConsumableConfigBody) => api('/api/consumable_config/', { method: 'POST', body, notify: false }),
    onSuccess: refresh,
  });
}

export function useReceive() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ body, key }: { body: ConsumableReceiptBody; key: string }) =>
      api<ConsumableReceiptReply>('/api/received_consumable/', { method: 'POST', body, notify: false, idempotencyKey: key }),
    onSuccess: refresh,
  });
}

export function useIssue() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ body, key }: { body: ConsumableIssueBody; key: string }) =>
      api<ConsumableIssueReply>('/api/consumable/issue/', { method: 'POST', body, notify: false, idempotencyKey: key }),
    onSuccess: refresh,
  });
}

export type LotMove = 'adjust' | 'dispose' | 'count' | 'open' | 'quarantine' | 'release';
export function useLotMove(lot: number) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ move, body, key }: { move: LotMove; body: object; key: string }) =>
      api<ConsumableLot>(`/api/consumable/${lot}/${move}/`, { method: 'POST', body, notify: false, idempotencyKey: key }),
    onSuccess: refresh,
  });
}

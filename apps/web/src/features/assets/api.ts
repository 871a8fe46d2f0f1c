import type {
  AssetAvailability,
  AssetBackInServiceBody,
  AssetBulkCheckOutBody,
  AssetBulkCheckOutReply,
  AssetCalibrationBody,
  AssetCertificateBody,
  AssetCheckOutBody,
  AssetCreateBody,
  AssetDetail,
  AssetDue,
  AssetGenericBody,
  AssetGenericItem,
  AssetItem,
  assetListQuery,
  AssetLocationBody,
  AssetLocationItem,
  AssetMaintenanceBody,
  AssetOutOfServiceBody,
  AssetUnderRepairBody,
  AssetUpdateBody,
  Paginated,
} from '@nlims/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../api/client';

/** Every read of the register under one key: a move refreshes the list, the asset, the due lists and the availability. */
export const ASSETS = ['assets'] as const;
const BASE = '/api/asset';
export const ASSET_PAGE = 20;

export interface Named {
  id: number;
  name: string;
  is_active?: boolean;
}

/** The register's filters as they travel (page one-based). */
export type AssetFilters = Partial<Omit<z.output<typeof assetListQuery>, 'page_size' | 'ordering'>>;

export function useAssetList(filters: AssetFilters) {
  return useQuery({
    queryKey: [...ASSETS, 'list', filters],
    queryFn: ({ signal }) => api<Paginated<AssetItem>>(`${BASE}/`, { query: { ...filters, page_size: ASSET_PAGE }, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useAsset(id: number | null) {
  return useQuery({
    queryKey: [...ASSETS, 'one', id],
    queryFn: ({ signal }) => api<AssetDetail>(`${BASE}/${id}/`, { signal, notify: false }),
    enabled: id != null && Number.isInteger(id) && id > 0,
  });
}

/** The asset a scanned tag names; a tag no asset has is a 404 the caller shows beside it. */
export const assetByTag = (tag: string) => api<AssetItem>(`${BASE}/by_tag/`, { query: { tag }, notify: false });

export function useAssetDue(enabled = true) {
  return useQuery({ queryKey: [...ASSETS, 'due'], queryFn: ({ signal }) => api<AssetDue>(`${BASE}/due/`, { signal }), enabled });
}

/** For the result-entry and worksheet screens: which instruments and machines here may be used, and why not. */
export function useAvailability(enabled = true) {
  return useQuery({
    queryKey: [...ASSETS, 'availability'],
    queryFn: ({ signal }) => api<AssetAvailability>(`${BASE}/availability/`, { signal, notify: false }),
    enabled,
    staleTime: 60_000,
  });
}

export function useKinds() {
  return useQuery({ queryKey: [...ASSETS, 'kinds'], queryFn: ({ signal }) => api<AssetGenericItem[]>('/api/asset_generic/', { signal }) });
}
export function useLocations() {
  return useQuery({ queryKey: [...ASSETS, 'locations'], queryFn: ({ signal }) => api<AssetLocationItem[]>('/api/asset_config/', { signal }) });
}
export function usePeople(enabled = true) {
  return useQuery({ queryKey: [...ASSETS, 'people'], queryFn: ({ signal }) => api<Named[]>(`${BASE}/people/`, { signal }), enabled, staleTime: 5 * 60_000 });
}

/** A global reference list (benches, manufacturers, suppliers), all its rows. */
export function useReferenceList(path: 'bench' | 'manufacturer' | 'supplier') {
  return useQuery({ queryKey: ['assets-ref', path], queryFn: ({ signal }) => api<Named[]>(`/api/${path}/`, { signal }), staleTime: 10 * 60_000 });
}

export interface MachineSetting {
  id: number;
  name: string;
  model: string;
  serial_number: string;
}
export function useMachineSettings() {
  return useQuery({
    queryKey: [...ASSETS, 'machines'],
    queryFn: ({ signal }) =>
      api<Paginated<MachineSetting>>('/api/machine_setting/', { query: { page: 1, page_size: 100, 'Filters.is_active': 'true' }, signal }),
    select: (page) => page.results,
  });
}

function useInvalidating<V, R>(work: (v: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: work, onSettled: () => client.invalidateQueries({ queryKey: ASSETS }) });
}

export const useCreateAsset = () => useInvalidating((body: AssetCreateBody) => api<AssetDetail>(`${BASE}/`, { body, notify: false }));
export const useUpdateAsset = (id: number) =>
  useInvalidating((body: AssetUpdateBody) => api<AssetDetail>(`${BASE}/${id}/`, { method: 'PATCH', body, notify: false }));

/** The moves and records of one asset: `POST asset/{id}/<verb>/`. */
export type AssetMove =
  | { verb: 'check_out'; body: AssetCheckOutBody }
  | { verb: 'check_in'; body: { note?: string } }
  | { verb: 'under_repair'; body: AssetUnderRepairBody }
  | { verb: 'back_in_service'; body: AssetBackInServiceBody }
  | { verb: 'out_of_service'; body: AssetOutOfServiceBody }
  | { verb: 'maintenance'; body: AssetMaintenanceBody }
  | { verb: 'calibrations'; body: AssetCalibrationBody }
  | { verb: 'certificates'; body: AssetCertificateBody };
export const useAssetMove = (id: number) =>
  useInvalidating((move: AssetMove) => api<AssetDetail>(`${BASE}/${id}/${move.verb}/`, { body: move.body, notify: false }));

export const useBulkCheckOut = () =>
  useInvalidating((body: AssetBulkCheckOutBody) => api<AssetBulkCheckOutReply>(`${BASE}/bulk_check_out/`, { body, notify: false }));

export const useSaveKind = () =>
  useInvalidating(({ id, body }: { id?: number; body: AssetGenericBody }) =>
    api<AssetGenericItem>(id ? `/api/asset_generic/${id}/` : '/api/asset_generic/', { method: id ? 'PUT' : 'POST', body, notify: false }),
  );
export const useSaveLocation = () =>
  useInvalidating(({ id, body }: { id?: number; body: AssetLocationBody }) =>
    api<AssetLocationItem>(id ? `/api/asset_config/${id}/` : '/api/asset_config/', { method: id ? 'PUT' : 'POST', body, notify: false }),
  );

/** The printable tags (PDF) of these assets. */
export const labelsPath = (ids: readonly number[]) => (ids.length === 1 ? `${BASE}/${ids[0]}/label.pdf` : `${BASE}/labels.pdf?ids=${ids.join(',')}`);

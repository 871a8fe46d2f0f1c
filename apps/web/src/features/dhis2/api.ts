import type {
  Dhis2ExportDetail,
  Dhis2ExportItem,
  Dhis2MappingItem,
  Dhis2MappingsBody,
  Dhis2OrgUnitItem,
  Dhis2OrgUnitsBody,
  Dhis2Preview,
  Dhis2SendBody,
  Dhis2Settings,
  Dhis2SettingsBody,
} from '@nlims/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client';

const DHIS2 = ['dhis2'] as const;

/** A month and a scope, as the export endpoints take them. */
export interface ExportAsk {
  period: string;
  state?: number;
  lga?: number;
  facility?: number;
}

export const useDhis2Settings = () =>
  useQuery({ queryKey: [...DHIS2, 'settings'], queryFn: ({ signal }) => api<Dhis2Settings>('/api/dhis2/settings/', { signal }) });
export const useDhis2Mappings = () =>
  useQuery({ queryKey: [...DHIS2, 'mappings'], queryFn: ({ signal }) => api<Dhis2MappingItem[]>('/api/dhis2/mappings/', { signal }) });
export const useDhis2OrgUnits = () =>
  useQuery({ queryKey: [...DHIS2, 'org_units'], queryFn: ({ signal }) => api<Dhis2OrgUnitItem[]>('/api/dhis2/org_units/', { signal }) });
export const useDhis2Exports = () =>
  useQuery({ queryKey: [...DHIS2, 'exports'], queryFn: ({ signal }) => api<Dhis2ExportItem[]>('/api/dhis2/exports/', { signal }) });

/** The month's preview, once asked for (`ask` null: not yet). */
export function useDhis2Preview(ask: ExportAsk | null) {
  return useQuery({
    queryKey: [...DHIS2, 'preview', ask],
    queryFn: ({ signal }) => api<Dhis2Preview>('/api/dhis2/preview/', { query: { ...ask }, signal, notify: false }),
    enabled: ask != null,
    retry: false,
  });
}

/** The download's path (JSON or CSV) for a month and scope. */
export function dhis2FilePath(ask: ExportAsk, format: 'json' | 'csv'): string {
  const q = new URLSearchParams(
    Object.entries({ ...ask, format })
      .filter(([, v]) => v != null && v !== '')
      .map(([k, v]) => [k, String(v)]),
  );
  return `/api/dhis2/preview/?${q.toString()}`;
}

export function useSaveDhis2Settings() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: Dhis2SettingsBody) => api<Dhis2Settings>('/api/dhis2/settings/', { method: 'PUT', body, notify: false }),
    onSuccess: (data) => qc.setQueryData([...DHIS2, 'settings'], data),
  });
}

export function useSaveDhis2Mappings() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: Dhis2MappingsBody) => api<Dhis2MappingItem[]>('/api/dhis2/mappings/', { method: 'PUT', body, notify: false }),
    onSuccess: (data) => {
      qc.setQueryData([...DHIS2, 'mappings'], data);
      void qc.invalidateQueries({ queryKey: [...DHIS2, 'preview'] });
    },
  });
}

export function useSaveDhis2OrgUnits() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: Dhis2OrgUnitsBody) => api<Dhis2OrgUnitItem[]>('/api/dhis2/org_units/', { method: 'PUT', body, notify: false }),
    onSuccess: (data) => {
      qc.setQueryData([...DHIS2, 'org_units'], data);
      void qc.invalidateQueries({ queryKey: [...DHIS2, 'preview'] });
    },
  });
}

export function useSendDhis2() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: Dhis2SendBody) => api<Dhis2ExportDetail>('/api/dhis2/send/', { method: 'POST', body, notify: false }),
    onSuccess: () => void qc.invalidateQueries({ queryKey: [...DHIS2, 'exports'] }),
  });
}

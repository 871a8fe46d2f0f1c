import type { GlobalDashboard, TierDashboard, TierTable, dashboardFilterReply } from '@nlims/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../api/client';
import { todayLagos } from '../../shared/format/format';
import { downloadFile } from '../../shared/files';
import { apiQuery, queryString, type TierFilters } from './filters';

/** The two dashboards of a disease or programme: any programme (the diseases, facility staff) and General's orders. */
export type TierEndpoint = 'tier_general_program_dashboard' | 'tier_general_order_dashboard';
export type TierExtra = Record<string, string | number | undefined>;

/** `dashboard_filter/`, within the caller's area. */
export type DashboardFilter = z.infer<typeof dashboardFilterReply>;

const TIER = ['tier-analytics'] as const;

/** `GET global_dashboard/`: the priority diseases; the previous figures stay on screen while new ones load. A failure is the page's to show. */
export function useGlobalDashboard(filters: TierFilters) {
  return useQuery({
    queryKey: [...TIER, 'global', filters],
    queryFn: ({ signal }) => api<GlobalDashboard>('/api/global_dashboard/', { query: apiQuery(filters), signal, notify: false }),
    placeholderData: keepPreviousData,
  });
}

/** `GET tier_general_program_dashboard/` or `tier_general_order_dashboard/` for a disease or a programme. */
export function useTierDashboard(endpoint: TierEndpoint, filters: TierFilters, extra: TierExtra) {
  return useQuery({
    queryKey: [...TIER, endpoint, filters, extra],
    queryFn: ({ signal }) => api<TierDashboard>(`/api/${endpoint}/`, { query: apiQuery(filters, extra), signal, notify: false }),
    placeholderData: keepPreviousData,
  });
}

/** `GET dashboard_filter/`: the states, LGAs, facilities, test types (and methods) the caller may narrow to. */
export function useDashboardFilter() {
  return useQuery({
    queryKey: [...TIER, 'filter'],
    queryFn: ({ signal }) => api<DashboardFilter>('/api/dashboard_filter/', { signal, notify: false }),
    staleTime: 10 * 60_000,
  });
}

export type ExportFormat = 'csv' | 'xlsx';

/** One table of a dashboard as a file, with the filters on screen (the server answers it as an attachment). */
export function exportTable(endpoint: TierEndpoint | 'global_dashboard', filters: TierFilters, extra: TierExtra, table: TierTable, format: ExportFormat) {
  const name = `${[endpoint.replace(/_/g, '-'), extra.disease ?? extra.program, table.replace(/_/g, '-'), todayLagos()].filter(Boolean).join('-')}.${format}`;
  return downloadFile(`/api/${endpoint}/?${queryString(filters, { ...extra, format, table })}`, name.replace(/\s+/g, '-').toLowerCase());
}

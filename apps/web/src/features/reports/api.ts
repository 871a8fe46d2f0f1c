import type { dashboardFilterReply, TierReportPage, userLocationItem } from '@nlims/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../api/client';
import { reportRequest, type TierReportFilters } from './filters';

export type DashboardFilter = z.infer<typeof dashboardFilterReply>;
export type UserLocation = z.infer<typeof userLocationItem>;

const REPORTS = ['tier-reports'] as const;
const LOOKUP_STALE_MS = 10 * 60_000;

/** `GET dashboard_filter/`: the programmes and test types (and places) a report can be narrowed to. */
export function useDashboardFilter() {
  return useQuery({
    queryKey: [...REPORTS, 'dashboard-filter'],
    queryFn: ({ signal }) => api<DashboardFilter>('/api/dashboard_filter/', { signal }),
    staleTime: LOOKUP_STALE_MS,
  });
}

/** `GET user_location_look_up/?scope=`: the states or LGAs within the caller's area (the server narrows them). */
export function useLocations(scope: 'state' | 'lga') {
  return useQuery({
    queryKey: [...REPORTS, 'locations', scope],
    queryFn: ({ signal }) => api<UserLocation[]>('/api/user_location_look_up/', { query: { scope }, signal }),
    staleTime: LOOKUP_STALE_MS,
  });
}

/** One server page of the aggregated report; the previous page stays on screen while the next loads. A failure is the page's to show (LoadError). */
export function useTierReport(filters: TierReportFilters, page: number, page_size: number) {
  const { path, query } = reportRequest(filters, { page, page_size });
  return useQuery({
    queryKey: [...REPORTS, 'report', path, query],
    queryFn: ({ signal }) => api<TierReportPage>(path, { query, signal, notify: false }),
    placeholderData: keepPreviousData,
  });
}

import type { EidDashboard } from '@nlims/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../api/client';

/** The EID dashboard's filters: the days samples were registered (YYYY-MM-DD, Africa/Lagos). */
export interface EidDashboardQuery {
  start_date?: string;
  end_date?: string;
}

/** `GET facility_eid_dashboard/`: the previous figures stay on screen while new ones load; a failure is the page's to show. */
export function useEidDashboard(query: EidDashboardQuery) {
  return useQuery({
    queryKey: ['eid-analytics', 'dashboard', query],
    queryFn: ({ signal }) => api<EidDashboard>('/api/facility_eid_dashboard/', { query: { ...query }, signal, notify: false }),
    placeholderData: keepPreviousData,
  });
}

import type { PhDashboard, PhNotifyBody, PhNotifyRow, PhReportRow } from '@nlims/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../api/client';
import type { Paginated } from '@nlims/contracts';
import { CLINICAL } from '../clinical/keys';
import { useClinicalMutation } from '../clinical/mutations';

/** The filters the public-health pages share: the days samples were registered (YYYY-MM-DD, Africa/Lagos) and a programme. */
export interface PhFilters {
  start_date?: string;
  end_date?: string;
  program?: string;
}

export interface PhReportQuery extends PhFilters {
  test_order_status?: number;
  page: number;
  page_size: number;
}

export interface PhNotifyQuery {
  notified: boolean;
  search?: string;
  page: number;
  page_size: number;
}

// Under the clinical key, so a result move or a notification refreshes the figures too.
const PH = [...CLINICAL, 'ph'] as const;

/** `GET facility_general_program_dashboard/`: a failure is the page's to show (LoadError). */
export function usePhDashboard(query: PhFilters) {
  return useQuery({
    queryKey: [...PH, 'dashboard', query],
    queryFn: ({ signal }) => api<PhDashboard>('/api/facility_general_program_dashboard/', { query: { ...query }, signal, notify: false }),
    placeholderData: keepPreviousData,
  });
}

/** `GET general_program_report/`: one server page of the line list. */
export function usePhReport(query: PhReportQuery) {
  return useQuery({
    queryKey: [...PH, 'report', query],
    queryFn: ({ signal }) => api<Paginated<PhReportRow>>('/api/general_program_report/', { query: { ...query }, signal, notify: false }),
    placeholderData: keepPreviousData,
  });
}

/** `GET public_health_notify/`: the cases waiting to be notified, or those notified. */
export function usePhNotify(query: PhNotifyQuery) {
  return useQuery({
    queryKey: [...PH, 'notify', query],
    queryFn: ({ signal }) =>
      api<Paginated<PhNotifyRow>>('/api/public_health_notify/', {
        query: { ...query, notified: String(query.notified), search: query.search || undefined },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/** `POST public_health_notify/{id}/notified/`. */
export const useMarkNotified = () =>
  useClinicalMutation(({ id, body }: { id: number; body: PhNotifyBody }) => api<{ id: number }>(`/api/public_health_notify/${id}/notified/`, { body }));

import type { Paginated, TbDashboard, TbPeriodicity, TbReportRow } from '@nlims/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../api/client';
import { useOrderLookup } from '../clinical/api';
import { useProgramme } from '../clinical/programme';

/** The filters both TB pages share: the days samples were registered (YYYY-MM-DD, Africa/Lagos) and a test type. */
export interface TbFilters {
  start_date?: string;
  end_date?: string;
  test_type?: number;
}

export interface TbDashboardQuery extends TbFilters {
  periodicity?: TbPeriodicity;
}

export interface TbReportQuery extends TbFilters {
  test_order_status?: number;
  page: number;
  page_size: number;
}

const TB = ['tb-analytics'] as const;

/** `GET facility_tb_dashboard/`: the figures of the period; the previous figures stay on screen while new ones load. A failure is the page's to show (LoadError), not a notice. */
export function useTbDashboard(query: TbDashboardQuery) {
  return useQuery({
    queryKey: [...TB, 'dashboard', query],
    queryFn: ({ signal }) => api<TbDashboard>('/api/facility_tb_dashboard/', { query: { ...query }, signal, notify: false }),
    placeholderData: keepPreviousData,
  });
}

/** `GET tb_report/`: one server page of rows; a failure is the page's to show (LoadError). */
export function useTbReport(query: TbReportQuery) {
  return useQuery({
    queryKey: [...TB, 'report', query],
    queryFn: ({ signal }) => api<Paginated<TbReportRow>>('/api/tb_report/', { query: { ...query }, signal, notify: false }),
    placeholderData: keepPreviousData,
  });
}

/** The test types a TB figure can be narrowed to: panels (Xpert, smear, culture…) and stand-alone tests, not a panel's members. */
export function useTbTestTypes() {
  const lookup = useOrderLookup(useProgramme());
  const tests = (lookup.data?.tests ?? []).filter((x) => x.panel == null).sort((a, b) => a.name.localeCompare(b.name));
  return { tests, loading: lookup.isPending };
}

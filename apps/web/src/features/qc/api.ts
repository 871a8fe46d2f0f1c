import type { Paginated, QcChartReply, QcRulesBody, QcRulesReply, QcRunBody, QcRunReply, QcSummaryReply } from '@nlims/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client';
import type { Programme } from '../clinical/programme';

/** A QC material as `qc_test_config/` lists it. */
export interface QcMaterial {
  id: number;
  test_type: number;
  test_type_name: string | null;
  name: string;
  lot_number: string;
  expiry_date: string;
  level: string;
  target_mean: number;
  target_sd: number;
  unit: string;
}

export interface Machine {
  id: number;
  name: string;
  model: string;
}

const QC = ['qc'] as const;

/** The facility's active control materials of the programme's tests, grouped by the page; its instruments; the tests' decimals. */
export function useQcSetup(programme: Programme) {
  return useQuery({
    queryKey: [...QC, 'setup', programme.name],
    queryFn: async ({ signal }) => {
      const [materials, machines, tests] = await Promise.all([
        api<Paginated<QcMaterial>>('/api/qc_test_config/', { query: { page: 1, page_size: 100, 'Filters.is_active': 'true' }, signal }),
        api<Paginated<Machine>>('/api/machine_setting/', { query: { page: 1, page_size: 100, 'Filters.is_active': 'true' }, signal }),
        api<{ id: number; decimals: number }[]>('/api/test_configuration/', { query: { program__name: programme.name }, signal }),
      ]);
      const ofProgramme = new Set(tests.map((t) => t.id));
      return {
        materials: materials.results.filter((m) => ofProgramme.has(m.test_type)),
        machines: machines.results,
        /** Each test's decimals (its result configuration): how its controls' charts write their figures. */
        decimals: new Map(tests.map((t) => [t.id, t.decimals])),
      };
    },
  });
}

/** A material's Levey–Jennings points over the last 30 days, on the instrument (or without one). */
export function useQcChart(material: number, machine: number | null) {
  return useQuery({
    queryKey: [...QC, 'chart', material, machine],
    queryFn: ({ signal }) => api<QcChartReply>('/api/qc_result/', { query: { material, ...(machine == null ? {} : { machine }), days: 30 }, signal }),
  });
}

export function useRecordQcRun() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: QcRunBody) => api<QcRunReply>('/api/qc_run/', { method: 'POST', body }),
    onSuccess: () => client.invalidateQueries({ queryKey: QC }),
  });
}

/** A month's QC per control material of the facility (`YYYY-MM`, Lagos). */
export function useQcSummary(month: string) {
  return useQuery({
    queryKey: [...QC, 'summary', month],
    queryFn: ({ signal }) => api<QcSummaryReply>('/api/qc_summary/', { query: { month }, signal }),
  });
}

/** The Westgard rules of a test on an instrument (or on runs without one): the facility's, or the defaults. */
export function useQcRules(testType: number, machine: number | null) {
  return useQuery({
    queryKey: [...QC, 'rules', testType, machine],
    queryFn: ({ signal }) => api<QcRulesReply>('/api/qc_rules/', { query: { test_type: testType, ...(machine == null ? {} : { machine }) }, signal }),
  });
}

export function useSaveQcRules() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: QcRulesBody) => api<QcRulesReply>('/api/qc_rules/', { method: 'PUT', body }),
    onSuccess: () => client.invalidateQueries({ queryKey: [...QC, 'rules'] }),
  });
}

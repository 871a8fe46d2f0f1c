import type {
  ImportPreview,
  ImportSaved,
  Paginated,
  ResultFileBody,
  WorksheetCreateBody,
  WorksheetDetail,
  WorksheetItem,
  WorksheetProposal,
  WorksheetTemplateBody,
  WorksheetTemplateItem,
} from '@nlims/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client';
import type { Programme } from '../clinical/programme';
import type { Machine, QcMaterial } from '../qc/api';

const WS = ['worksheets'] as const;

/** The programme's tests, the facility's analysers and QC materials, and its worksheet templates of those tests. */
export function useWorksheetSetup(programme: Programme) {
  return useQuery({
    queryKey: [...WS, 'setup', programme.name],
    queryFn: async ({ signal }) => {
      const [tests, machines, materials, templates] = await Promise.all([
        api<{ id: number; name: string; is_panel: boolean }[]>('/api/test_configuration/', { query: { program__name: programme.name }, signal }),
        api<Paginated<Machine>>('/api/machine_setting/', { query: { page: 1, page_size: 100, 'Filters.is_active': 'true' }, signal }),
        api<Paginated<QcMaterial>>('/api/qc_test_config/', { query: { page: 1, page_size: 100, 'Filters.is_active': 'true' }, signal }),
        api<Paginated<WorksheetTemplateItem>>('/api/worksheet_template/', { query: { page: 1, page_size: 100 }, signal }),
      ]);
      const ofProgramme = new Set(tests.map((t) => t.id));
      return {
        tests: tests.filter((t) => !t.is_panel),
        machines: machines.results,
        materials: materials.results.filter((m) => ofProgramme.has(m.test_type)),
        templates: templates.results.filter((t) => ofProgramme.has(t.test_type)),
      };
    },
  });
}

export function useSaveTemplate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: WorksheetTemplateBody }) =>
      api<WorksheetTemplateItem>(id == null ? '/api/worksheet_template/' : `/api/worksheet_template/${id}/`, { method: id == null ? 'POST' : 'PUT', body }),
    onSuccess: () => client.invalidateQueries({ queryKey: WS }),
  });
}

export interface WorksheetFilter {
  state: 'open' | 'archive';
  search?: string;
  date?: string;
  page?: number;
}

export function useWorksheets(programme: Programme, filter: WorksheetFilter) {
  return useQuery({
    queryKey: [...WS, 'list', programme.name, filter],
    queryFn: ({ signal }) =>
      api<{ count: number; results: WorksheetItem[] }>('/api/worksheet/', {
        query: {
          program: programme.name,
          state: filter.state,
          page: filter.page ?? 1,
          page_size: 20,
          ...(filter.search ? { search: filter.search } : {}),
          ...(filter.date ? { date: filter.date } : {}),
        },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export function useWorksheet(id: number | null) {
  return useQuery({
    queryKey: [...WS, 'one', id],
    queryFn: ({ signal }) => api<WorksheetDetail>(`/api/worksheet/${id}/`, { signal }),
    enabled: id != null,
  });
}

export function useProposal(template: number | null) {
  return useQuery({
    queryKey: [...WS, 'proposal', template],
    queryFn: ({ signal }) => api<WorksheetProposal>('/api/worksheet/proposal/', { query: { template: template! }, signal }),
    enabled: template != null,
    // A proposal is edited, then saved: it is not refreshed under the user's hands.
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
  });
}

export function useCreateWorksheet() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: WorksheetCreateBody) => api<WorksheetDetail>('/api/worksheet/', { method: 'POST', body }),
    onSuccess: () => client.invalidateQueries({ queryKey: WS }),
  });
}

export function useCancelWorksheet(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (reason: string) => api<WorksheetDetail>(`/api/worksheet/${id}/cancel/`, { method: 'POST', body: { reason } }),
    onSuccess: () => client.invalidateQueries({ queryKey: WS }),
  });
}

/** Preview (nothing saved) or save an analyser's results file. */
export function useResultFile(id: number) {
  const client = useQueryClient();
  const preview = useMutation({
    mutationFn: (body: ResultFileBody) => api<ImportPreview>(`/api/worksheet/${id}/import/`, { method: 'POST', body, notify: false }),
  });
  const save = useMutation({
    mutationFn: (body: ResultFileBody) => api<ImportSaved>(`/api/worksheet/${id}/results/`, { method: 'POST', body }),
    onSuccess: () => client.invalidateQueries({ queryKey: WS }),
  });
  return { preview, save };
}

/**
 * A results file's text: UTF-8, or UTF-16 when its byte-order mark (or its zero bytes) say so — a GeneXpert writes
 * UTF-16 — so that the server reads what the analyser wrote.
 */
export async function readResultFileText(file: Blob): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes.subarray(2));
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes.subarray(2));
  // No mark, but every other byte zero: UTF-16 all the same.
  const sample = bytes.subarray(0, 200);
  const zeros = sample.filter((b, i) => i % 2 === 1 && b === 0).length;
  if (sample.length > 10 && zeros > sample.length / 3) return new TextDecoder('utf-16le').decode(bytes);
  return new TextDecoder('utf-8').decode(bytes);
}

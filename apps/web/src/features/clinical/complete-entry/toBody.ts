import { fromLocalInput } from '../../../shared/format/format';

export interface EntryValues {
  client?: number;
  test_types?: number[];
  priority?: string;
  requesting_clinician?: string;
  clinical_notes?: string;
  sample_type?: number;
  ordered_at?: string;
  collected_at?: string;
  received_at?: string;
  results?: Record<string, { value?: number | string | null; comment?: string; resulted_at?: string }>;
}

/**
 * The request of `general_order/complete_entry/`, and for each result
 * posted the test it belongs to (server errors name `results.<index>.*`).
 * A result without its own time is taken as resulted at reception.
 */
export function completeEntryBody(values: EntryValues, shown: number[]) {
  const results = Object.entries(values.results ?? {})
    .filter(([id, r]) => shown.includes(Number(id)) && r?.value != null && r.value !== '')
    .map(([id, r]) => ({ test_type: Number(id), value: r.value!, comment: r.comment ?? '', resulted_at: fromLocalInput(r.resulted_at || values.received_at) }));
  const body = {
    client: values.client,
    test_types: values.test_types ?? [],
    priority: values.priority ?? 'routine',
    requesting_clinician: values.requesting_clinician ?? '',
    clinical_notes: values.clinical_notes ?? '',
    sample_type: values.sample_type,
    ordered_at: fromLocalInput(values.ordered_at),
    collected_at: fromLocalInput(values.collected_at),
    received_at: fromLocalInput(values.received_at),
    results,
  };
  return { body, resultTests: results.map((r) => r.test_type) };
}

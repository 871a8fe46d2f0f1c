import { NCR_SEVERITIES, NCR_SOURCES, NCR_STATES, NCR_TYPE_KEYS, type NcrDraft, type NcrSource } from '@nlims/contracts';
import type { DraftSource, ListFilters } from './api';

/**
 * The list's filters as the address carries them (`?state=closed&overdue=1&page=2`), so a filtered list survives
 * opening a report and coming back, and can be shared.
 */
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const oneOf = <T extends string>(values: readonly T[], raw: string | null): T | undefined =>
  raw != null && (values as readonly string[]).includes(raw) ? (raw as T) : undefined;
const positive = (raw: string | null) => {
  const n = Number(raw);
  return Number.isInteger(n) && n > 0 ? n : undefined;
};

export function filtersFromParams(params: URLSearchParams): ListFilters {
  const date = (key: string) => {
    const raw = params.get(key);
    return raw && DATE.test(raw) ? raw : undefined;
  };
  return {
    state: oneOf(NCR_STATES, params.get('state')),
    severity: oneOf(NCR_SEVERITIES, params.get('severity')),
    type: oneOf(NCR_TYPE_KEYS, params.get('type')),
    section: positive(params.get('section')),
    start_date: date('start_date'),
    end_date: date('end_date'),
    search: params.get('search')?.trim() || undefined,
    overdue: params.get('overdue') === '1' ? '1' : undefined,
    page: positive(params.get('page')) ?? 1,
  };
}

/** The address of a list: only what is set, and page one left out. */
export function paramsOfFilters(filters: ListFilters, tab?: string): URLSearchParams {
  const params = new URLSearchParams();
  if (tab) params.set('tab', tab);
  for (const [key, value] of Object.entries(filters)) {
    if (value == null || value === '' || key === 'page') continue;
    params.set(key, String(value));
  }
  if (filters.page > 1) params.set('page', String(filters.page));
  return params;
}

/** A change of filter starts again at page one; a change of page keeps the rest. */
export function changeFilters(filters: ListFilters, change: Partial<ListFilters>): ListFilters {
  return { ...filters, page: 1, ...change };
}

/** `?source=…&ref=…` of the new report's address: an event to pre-fill the form from, or nothing. */
export function draftRequest(params: URLSearchParams): { source: DraftSource; ref: number } | null {
  const source = oneOf(NCR_SOURCES, params.get('source')) as NcrSource | undefined;
  const ref = positive(params.get('ref'));
  return source && source !== 'manual' && ref ? { source, ref } : null;
}

/** The address of a new report pre-filled from an event. */
export const draftPath = (source: DraftSource, ref: number) => `/non-conformity/new?source=${source}&ref=${ref}`;

export interface ChosenSample {
  sample: number;
  lab_number: string;
  /** Some of the sample's tests (test-order ids), or none for the whole sample. */
  tests: number[];
}

/** The draft's samples with the lab number of each (the draft lists them in the same order). */
export function draftSamples(draft: Pick<NcrDraft, 'samples' | 'lab_numbers'>): ChosenSample[] {
  return draft.samples.map((s, i) => ({ sample: s.sample, lab_number: draft.lab_numbers[i] ?? `#${s.sample}`, tests: s.tests ?? [] }));
}

/** The last `count` months, this one first, as `YYYY-MM`. */
export function lastMonths(today: string, count = 12): string[] {
  const [year, month] = today.split('-').map(Number) as [number, number];
  return Array.from({ length: count }, (_, i) => new Date(Date.UTC(year, month - 1 - i, 1)).toISOString().slice(0, 7));
}

import {
  PRIORITY_DISEASES,
  type PriorityDisease,
  programFamily,
  referralProgrammesOf,
  TIER_DISEASES,
  TIER_PERIODICITIES,
  type TierDisease,
  type TierPeriodicity,
} from '@nlims/contracts';

/**
 * What a tier dashboard is narrowed to, kept in the address's search
 * parameters so that a copied link opens the same view: the period, the area
 * (a state, an LGA, a facility, within the caller's own), the periodicity of
 * the series, a test type and a method. Absent means the server's default
 * (the last 90 days, the whole area, everything counted).
 */
export interface TierFilters {
  start_date?: string;
  end_date?: string;
  states?: number;
  lga?: number;
  facility?: number;
  test_type?: number;
  method?: number;
  periodicity?: TierPeriodicity;
}

/** What the map shows: a disease and a measure of it (priority diseases), or a measure of the dashboard's own disease. */
export const MAP_MEASURES = ['tests', 'positives', 'positivity'] as const;
export type MapMeasure = (typeof MAP_MEASURES)[number];

export interface TierView {
  /** The disease the priority-diseases map colours the states by; absent, the one with the most tests. */
  map?: PriorityDisease;
  measure: MapMeasure;
}

export const DEFAULT_MEASURE: MapMeasure = 'positivity';

const ID_KEYS = ['states', 'lga', 'facility', 'test_type', 'method'] as const;
const DATE_KEYS = ['start_date', 'end_date'] as const;
export const FILTER_KEYS = [...DATE_KEYS, ...ID_KEYS, 'periodicity'] as const;

const isDate = (v: string) => /^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`));
const asId = (v: string | null): number | undefined => {
  if (v == null || !/^\d{1,10}$/.test(v)) return undefined;
  const n = Number(v);
  return n >= 1 && n <= 2_147_483_647 ? n : undefined;
};
const oneOf = <T extends string>(values: readonly T[], v: string | null): T | undefined =>
  v != null && (values as readonly string[]).includes(v) ? (v as T) : undefined;

/** The filters an address holds; a value that is not one (a word for an id, a date that is not YYYY-MM-DD) is left out. */
export function readFilters(params: URLSearchParams): TierFilters {
  const filters: TierFilters = {};
  for (const key of DATE_KEYS) {
    const v = params.get(key);
    if (v && isDate(v)) filters[key] = v;
  }
  for (const key of ID_KEYS) {
    const id = asId(params.get(key));
    if (id != null) filters[key] = id;
  }
  const periodicity = oneOf(TIER_PERIODICITIES, params.get('periodicity'));
  if (periodicity) filters.periodicity = periodicity;
  return filters;
}

/** The map's disease and measure an address holds, else the defaults. */
export function readView(params: URLSearchParams): TierView {
  const map = oneOf(PRIORITY_DISEASES, params.get('map'));
  return { ...(map && { map }), measure: oneOf(MAP_MEASURES, params.get('measure')) ?? DEFAULT_MEASURE };
}

/** The disease the map shows when none is chosen: the one with the most tests in the period (the first listed when none has any). */
export function busiestDisease(rows: readonly { disease: PriorityDisease; tests: number }[]): PriorityDisease {
  const tests = new Map<PriorityDisease, number>();
  for (const r of rows) tests.set(r.disease, (tests.get(r.disease) ?? 0) + r.tests);
  let best: PriorityDisease = PRIORITY_DISEASES[0] ?? '';
  for (const d of PRIORITY_DISEASES) if ((tests.get(d) ?? 0) > (tests.get(best) ?? 0)) best = d;
  return best;
}

type Change = Partial<Record<keyof TierFilters | keyof TierView, string | number | undefined>>;

/**
 * The address's parameters after a change: a value set, an empty one removed.
 * Choosing another state clears the LGA and facility chosen within the former
 * one, and another LGA the facility; parameters that are not filters are kept.
 */
export function writeFilters(params: URLSearchParams, change: Change): URLSearchParams {
  const next = new URLSearchParams(params);
  const cleared: (keyof TierFilters)[] = [];
  const changed = (key: 'states' | 'lga') => key in change && String(change[key] ?? '') !== (params.get(key) ?? '');
  if (changed('states')) cleared.push('lga', 'facility');
  if (changed('lga')) cleared.push('facility');
  for (const key of cleared) if (!(key in change)) next.delete(key);
  for (const [key, value] of Object.entries(change)) {
    if (value == null || value === '') next.delete(key);
    else next.set(key, String(value));
  }
  return next;
}

/** The filters as the API's query (undefined values are left out by the client). */
export function apiQuery(filters: TierFilters, extra: Record<string, string | number | undefined> = {}): Record<string, string | number> {
  const query: Record<string, string | number> = {};
  for (const [key, value] of Object.entries({ ...filters, ...extra })) if (value != null && value !== '') query[key] = value;
  return query;
}

/** The same as a query string, for a file download. */
export function queryString(filters: TierFilters, extra: Record<string, string | number | undefined> = {}): string {
  return new URLSearchParams(Object.entries(apiQuery(filters, extra)).map(([k, v]) => [k, String(v)])).toString();
}

/** The level and disease of a `/dashboards/{federal|state|lga}_{disease}` path. */
export function tierPageOf(path: string): { level: 'federal' | 'state' | 'lga'; disease: TierDisease } | null {
  const m = /^\/dashboards\/(federal|state|lga)_([a-z]+)$/.exec(path);
  if (!m || !(TIER_DISEASES as readonly string[]).includes(m[2]!)) return null;
  return { level: m[1] as 'federal' | 'state' | 'lga', disease: m[2] as TierDisease };
}

/** Whether a page's disease or programme refers samples, so shows the referral panel (General, and so malaria, refers none). */
export function refers(disease: TierDisease | undefined, program: string | undefined): boolean {
  if (disease) return referralProgrammesOf(disease).length > 0;
  return program != null && programFamily(program) !== 'general';
}

import { RESULT_STATUS, SAMPLE_STATUS } from '@nlims/contracts';
import { defaultPeriod } from '../../shared/format/figures';

/**
 * The aggregated report's filters, as the address carries them (so a report
 * can be bookmarked and shared) and as the API takes them.
 */

/** Which report answers: TB (`tb_report/`), General (`general_order_report/`) or the other programmes (`general_program_report/`). */
export const REPORT_FAMILIES = ['general', 'tb', 'programme'] as const;
export type ReportFamily = (typeof REPORT_FAMILIES)[number];

export const REPORT_ENDPOINTS: Record<ReportFamily, string> = {
  general: '/api/general_order_report/',
  tb: '/api/tb_report/',
  programme: '/api/general_program_report/',
};

/** The programme each single-programme family reports on (the test-type list is narrowed to it). */
export const FAMILY_PROGRAMME: Record<Exclude<ReportFamily, 'programme'>, string> = { general: 'General', tb: 'Tuberculosis' };

/**
 * The states an aggregate tells apart (`test_order_status`): released, rejected, or still in the laboratory
 * (the API counts any other code of a test in progress as the last).
 */
export const REPORT_STATUSES = { released: RESULT_STATUS.APPROVAL, rejected: SAMPLE_STATUS.REJECTED, pending: SAMPLE_STATUS.ORDERED } as const;
const STATUS_CODES: readonly number[] = Object.values(REPORT_STATUSES);

/** How many days the report covers when the address names no dates: the last 30, today included. */
export const DEFAULT_DAYS = 30;

export interface TierReportFilters {
  family: ReportFamily;
  /** One of the other programmes by name (family `programme` only); none: all of them. */
  program?: string;
  test_type?: number;
  start_date: string;
  end_date: string;
  test_order_status?: number;
  reporting_state?: number;
  reporting_lga?: number;
}

const ID_KEYS = ['test_type', 'test_order_status', 'reporting_state', 'reporting_lga'] as const;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A calendar day that exists (not 31 November), as YYYY-MM-DD. */
function isDate(value: string | null): value is string {
  if (value == null || !DATE.test(value)) return false;
  const time = Date.parse(`${value}T00:00:00Z`);
  return !Number.isNaN(time) && new Date(time).toISOString().slice(0, 10) === value;
}

function idOf(value: string | null): number | undefined {
  if (value == null || !/^\d{1,10}$/.test(value)) return undefined;
  const n = Number(value);
  return n >= 1 && n <= 2_147_483_647 ? n : undefined;
}

/** The filters an address holds; what is missing or malformed falls back to the default (General, the last 30 days, nothing narrowed). */
export function filtersFromParams(params: URLSearchParams, period = defaultPeriod(DEFAULT_DAYS)): TierReportFilters {
  const family = params.get('family');
  const start = params.get('start_date');
  const end = params.get('end_date');
  const filters: TierReportFilters = {
    family: REPORT_FAMILIES.includes(family as ReportFamily) ? (family as ReportFamily) : 'general',
    start_date: isDate(start) ? start : period.start_date,
    end_date: isDate(end) ? end : period.end_date,
  };
  // A period back to front is not one that can be asked for: the default instead.
  if (filters.start_date > filters.end_date) Object.assign(filters, period);
  const program = params.get('program')?.trim();
  if (filters.family === 'programme' && program) filters.program = program;
  for (const key of ID_KEYS) {
    const id = idOf(params.get(key));
    if (id != null) filters[key] = id;
  }
  if (filters.test_order_status != null && !STATUS_CODES.includes(filters.test_order_status)) delete filters.test_order_status;
  return filters;
}

/** The address of a filter set: the default dates and family are left out, so a shared link without dates stays "the last 30 days". */
export function paramsOf(filters: TierReportFilters, period = defaultPeriod(DEFAULT_DAYS)): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.family !== 'general') params.set('family', filters.family);
  if (filters.family === 'programme' && filters.program) params.set('program', filters.program);
  if (filters.start_date !== period.start_date || filters.end_date !== period.end_date) {
    params.set('start_date', filters.start_date);
    params.set('end_date', filters.end_date);
  }
  for (const key of ID_KEYS) if (filters[key] != null) params.set(key, String(filters[key]));
  return params;
}

/**
 * A change to the filters and what it carries with it: another family or
 * programme has other tests (the test type goes), another state other LGAs
 * (the LGA goes).
 */
export function changeFilters(filters: TierReportFilters, change: Partial<TierReportFilters>): TierReportFilters {
  const next: TierReportFilters = { ...filters, ...change };
  // The period always has both ends: a date cleared keeps the one before.
  next.start_date ||= filters.start_date;
  next.end_date ||= filters.end_date;
  if (change.family !== undefined && change.family !== filters.family) {
    delete next.program;
    delete next.test_type;
  }
  if ('program' in change && change.program !== filters.program) delete next.test_type;
  if ('reporting_state' in change && change.reporting_state !== filters.reporting_state) delete next.reporting_lga;
  if (next.family !== 'programme') delete next.program;
  for (const key of Object.keys(next) as (keyof TierReportFilters)[]) if (next[key] === undefined || next[key] === '') delete next[key];
  return next;
}

/** The endpoint and query of one page of the report, or of its export (`format`). */
export function reportRequest(
  filters: TierReportFilters,
  extra: { page?: number; page_size?: number; format?: 'csv' | 'xlsx' } = {},
): { path: string; query: Record<string, string | number> } {
  const { family, ...rest } = filters;
  const query: Record<string, string | number> = {};
  for (const [key, value] of Object.entries({ ...rest, ...extra })) if (value != null && value !== '') query[key] = value;
  if (family !== 'programme') delete query.program;
  return { path: REPORT_ENDPOINTS[family], query };
}

/** The query string of a request, for a file download. */
export const queryString = (query: Record<string, string | number>) => new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString();

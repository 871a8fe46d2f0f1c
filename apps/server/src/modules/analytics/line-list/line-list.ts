import { and, sql, type SQL } from 'drizzle-orm';
import {
  answerText,
  CANCELLED_STATUS,
  DEFAULT_PAGE_SIZE,
  PAGE_SIZES,
  PH_CASE_COLUMNS,
  PH_REPORT_COLUMNS,
  type PhReportRow,
  requestFormSpecOf,
  requestLinesOf,
} from '@nlims/contracts';
import type { Db } from '../../../core/db.js';
import { ValidationError } from '../../../core/errors.js';
import type { Principal } from '../../users/users.service.js';
import { programIn } from '../../samples/forms.js';
import { keyMembersOf, type LineListFamily, lineListPrograms, listsRequests, NOTIFIED_ACTION, phKeyTest, phPositiveSql } from '../ph/ph-query.js';
import { rowsOf } from '../../../core/db.js';
import { dayRange, withinDays } from '../../../core/period.js';
import { facilityOf, ofFacility } from '../kit/scope.js';
import { printedValue, printedValues, type StoredValue, storedValueJson, storedValuesJson } from '../../results/result-value.js';

export interface PhReportQuery {
  start_date?: string;
  end_date?: string;
  program?: string;
  test_order_status?: number;
  page?: number;
  page_size?: number;
}

/** The most rows an export carries. */
export const PH_EXPORT_LIMIT = 100_000;

const formText = (field: string) => sql.raw(`nullif(o.form->>'${field}', '')`);

const columns = sql`
  ${formText('epid_number')} as epid_number,
  pg.name as disease,
  f.facility_name as facility,
  o.lab_number,
  s.barcode,
  cl.first_name || ' ' || cl.last_name as client_name,
  cl.sex,
  extract(year from age((o.created_at at time zone 'Africa/Lagos')::date, cl.date_of_birth))::int as age_years,
  cst.name as state_of_residence,
  cl_lga.name as lga_of_residence,
  ${formText('date_of_onset')} as date_of_onset,
  ${formText('vaccinated')} as vaccinated,
  ${formText('travelled')} as travelled,
  ${formText('contact_with_case')} as contact_with_case,
  ${formText('hospitalised')} as hospitalised,
  ${formText('outcome')} as outcome,
  ${formText('specimen')} as specimen,
  st.name as sample_type,
  pt.name as test,
  ${storedValueJson('r', 'c')} as result,
  (select ${storedValuesJson('r2', 'c2', sql`regexp_replace(c2.name, '^.+ - ', '')`)}
     from test_orders t2 join test_types c2 on c2.id = t2.test_type_id join results r2 on r2.test_order_id = t2.id and r2.current
     where t2.sample_id = t.sample_id and t2.id <> t.id and c.panel_id is not null and c2.panel_id = c.panel_id) as other_results,
  coalesce(${phPositiveSql('c', 'r')}, false) as positive,
  r.flag,
  t.status,
  o.created_at as ordered_at,
  s.collected_at,
  s.received_at,
  r.approved_at,
  (select min(a.at) from audit_events a where a.entity = 'sample' and a.entity_id = s.id::text and a.action = ${NOTIFIED_ACTION}) as notified_at,
  o.form`;

const from = sql`
  from test_orders t
  join samples s on s.id = t.sample_id
  join orders o on o.id = t.order_id
  join programs pg on pg.id = t.program_id
  join clients cl on cl.id = o.client_id
  left join lgas cl_lga on cl_lga.id = cl.lga_id
  left join states cst on cst.id = cl.state_id
  join facilities f on f.id = t.facility_id
  join test_types c on c.id = t.test_type_id
  join test_types pt on pt.id = coalesce(c.panel_id, c.id)
  left join sample_types st on st.id = s.sample_type_id
  left join results r on r.test_order_id = t.id and r.current`;

type StoredRow = Omit<PhReportRow, 'result' | 'other_results'> & {
  result: StoredValue | null;
  other_results: StoredValue[] | null;
  form: Record<string, unknown> | null;
};

/**
 * A stored row as the line list serves it: each result as printed — at its test's declared decimals ("E gene Ct:
 * 16.85"), a censored one as "< 40", "Target not detected" (contracts' formatting, no digit grouping) — and, for EID
 * and viral load, the request form's answers.
 */
function shape(family: LineListFamily, { form, ...row }: StoredRow): PhReportRow {
  const base = { ...row, result: printedValue(row.result), other_results: printedValues(row.other_results) };
  return !listsRequests(family) ? base : { ...base, request: requestLinesOf(row.disease, form ?? {}) };
}

/**
 * The export's columns: the public-health line list's, or for EID and viral
 * load the columns they share with it (the public-health case answers left
 * out) and then one column per field of the programme's request form, named
 * as the form names it (a name the shared columns use gets `request_`).
 */
export function lineListColumns(family: LineListFamily, program: string | undefined): string[] {
  if (!listsRequests(family) || !program) return [...PH_REPORT_COLUMNS];
  const shared = PH_REPORT_COLUMNS.filter((c) => !(PH_CASE_COLUMNS as readonly string[]).includes(c));
  const fields = requestFormSpecOf(program)?.fields ?? [];
  return [...shared, ...fields.map((f) => ((shared as string[]).includes(f.name) ? `request_${f.name}` : f.name))];
}

/** An exported row of EID or viral load: the shared columns and each request-form answer as the form prints it. */
function exportRow(family: LineListFamily, program: string | undefined, stored: StoredRow): Record<string, unknown> {
  const row: Record<string, unknown> = shape(family, stored);
  if (!listsRequests(family) || !program) return row;
  delete row.request;
  const shared = new Set<string>(PH_REPORT_COLUMNS);
  for (const f of requestFormSpecOf(program)?.fields ?? []) row[shared.has(f.name) ? `request_${f.name}` : f.name] = answerText(f, stored.form?.[f.name]);
  return row;
}

/**
 * The line list (SPEC §7 `general_program_report/`): one row per case and
 * test — a PCR panel once, by its result member, its other values beside it
 * (a viral load: the copies, its log10 beside) — with the EPID number, the
 * disease, the case form's dates and answers, the specimen, the result as
 * printed, whether it is positive, its flag, the lifecycle's dates and when it
 * was notified. The public-health programmes the caller reads, or the one EID
 * or viral-load programme asked for (`program`), whose rows carry the request
 * form's answers instead of the case form's. The caller's facility (the super
 * admin: every facility).
 */
export async function phReport(db: Db, p: Principal, q: PhReportQuery, exporting: boolean) {
  const { names, family } = lineListPrograms(p, q.program);
  const size = q.page_size ?? DEFAULT_PAGE_SIZE;
  if (!exporting && !(PAGE_SIZES as readonly number[]).includes(size))
    throw ValidationError.field('page_size', `page_size must be one of ${PAGE_SIZES.join(', ')}.`);
  if (exporting) {
    const program = listsRequests(family) ? names[0] : undefined;
    return {
      family,
      columns: lineListColumns(family, program),
      rows: (await lineListRows<StoredRow>(db, p, names, family, q, PH_EXPORT_LIMIT, 0)).map((r) => exportRow(family, program, r)),
    };
  }
  const number = q.page ?? 1;
  const [total] = rowsOf<{ n: number }>(
    await db.execute(
      sql`select count(*)::int as n from test_orders t join samples s on s.id = t.sample_id join test_types c on c.id = t.test_type_id ${lineListWhere(p, names, family, q)}`,
    ),
  );
  return {
    count: total?.n ?? 0,
    next: null as string | null,
    previous: null as string | null,
    page: number,
    results: (await lineListRows<StoredRow>(db, p, names, family, q, size, (number - 1) * size)).map((r) => shape(family, r)),
  };
}

/** The rows the line list counts: the caller's facility, these programmes, a test as the family counts one, not cancelled, the period, the status. */
function lineListWhere(
  p: Principal,
  names: readonly string[],
  family: LineListFamily,
  q: Pick<PhReportQuery, 'start_date' | 'end_date' | 'test_order_status'>,
): SQL {
  return sql`where ${and(
    ...ofFacility('t', facilityOf(p)),
    programIn(sql.raw('t.program_id'), names),
    phKeyTest('c', keyMembersOf(family)),
    sql`t.status <> ${CANCELLED_STATUS}`,
    ...withinDays(sql.raw('s.created_at'), dayRange(q)),
    ...(q.test_order_status ? [sql`t.status = ${q.test_order_status}`] : []),
  )}`;
}

/**
 * The one line list's rows, as stored: the shared columns, and the family's own (`extra`, e.g. viral load's), in
 * registration order. Every export and page of a line list reads them here.
 */
export async function lineListRows<Row>(
  db: Db,
  p: Principal,
  names: readonly string[],
  family: LineListFamily,
  q: Pick<PhReportQuery, 'start_date' | 'end_date' | 'test_order_status'>,
  limit: number,
  offset: number,
  extra: SQL | null = null,
): Promise<Row[]> {
  const selected = extra ? sql`${columns}, ${extra}` : columns;
  return rowsOf<Row>(
    await db.execute(sql`select ${selected} ${from} ${lineListWhere(p, names, family, q)} order by s.created_at, t.id limit ${limit} offset ${offset}`),
  );
}

import { and, sql, type SQL } from 'drizzle-orm';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES, type TbReportRow } from '@nlims/contracts';
import type { Db } from '../../../core/db.js';
import { ValidationError } from '../../../core/errors.js';
import type { Principal } from '../../users/users.service.js';
import { programIn } from '../../samples/forms.js';
import { rowsOf } from '../../../core/db.js';
import { dayRange, withinDays } from '../../../core/period.js';
import { facilityOf, ofFacility } from '../kit/scope.js';
import { legHours } from '../kit/measures.js';
import { andOfTestType, checkProgram, keyTest, tbPrograms } from './tb-query.js';
import { printedValue, printedValues, type StoredValue, storedValueJson, storedValuesJson } from '../../results/result-value.js';

export interface TbReportQuery {
  test_type?: number;
  test_order_status?: number;
  start_date?: string;
  end_date?: string;
  program?: string;
  reporting_state?: number;
  reporting_lga?: number;
  page?: number;
  page_size?: number;
}

/** The most rows a CSV export carries. */
export const TB_CSV_LIMIT = 100_000;

/** The TB results of the row's panel (or of the test alone) that are in force, as `r2` over `t2`/`c2`. */
const panelResults = sql`
  from test_orders t2 join test_types c2 on c2.id = t2.test_type_id join results r2 on r2.test_order_id = t2.id and r2.current
  where t2.sample_id = t.sample_id`;
const sameTestAs = sql`(t2.id = t.id or (c.panel_id is not null and c2.panel_id = c.panel_id))`;

const columns = sql`
  f.facility_name as facility,
  o.lab_number,
  s.barcode,
  cl.first_name || ' ' || cl.last_name as client_name,
  cl.sex,
  cl.date_of_birth::text as date_of_birth,
  extract(year from age((o.created_at at time zone 'Africa/Lagos')::date, cl.date_of_birth))::int as age_years,
  nullif(o.form->>'lga_tb_number', '') as lga_tb_number,
  o.form->>'patient_category' as patient_category,
  o.form->>'reason_for_examination' as reason_for_examination,
  case when jsonb_typeof(o.form->'treatment_month') = 'number' then (o.form->>'treatment_month')::numeric::int end as treatment_month,
  o.form->>'hiv_status' as hiv_status,
  o.form->>'test_status' as test_status,
  o.form->>'specimen' as specimen,
  case when jsonb_typeof(o.form->'presumptive_drtb') = 'boolean' then (o.form->>'presumptive_drtb')::boolean end as presumptive_drtb,
  st.name as sample_type,
  pt.name as test,
  t.status as test_order_status,
  ${storedValueJson('r', 'c')} as result,
  (select ${storedValuesJson('r2', 'c2', sql`c2.name`)}
     ${panelResults} and t2.id <> t.id and ${sameTestAs}) as other_results,
  (select case when bool_or(r2.flag = 'MDR-TB') then 'MDR-TB'
               when bool_or(r2.flag = 'RR-TB' or r2.value_text = 'RIF RESISTANCE DETECTED') then 'RR-TB' end
     ${panelResults} and ${sameTestAs}) as rr_tb_flag,
  o.created_at as ordered_at,
  s.collected_at,
  s.received_at,
  r.approved_at,
  ${legHours(sql`s.received_at`, sql`r.approved_at`)} as tat_hours`;

const from = sql`
  from test_orders t
  join samples s on s.id = t.sample_id
  join orders o on o.id = t.order_id
  join clients cl on cl.id = o.client_id
  join facilities f on f.id = t.facility_id
  join test_types c on c.id = t.test_type_id
  join test_types pt on pt.id = coalesce(c.panel_id, c.id)
  left join sample_types st on st.id = s.sample_type_id
  left join results r on r.test_order_id = t.id and r.current`;

type StoredRow = Omit<TbReportRow, 'result' | 'other_results'> & { result: StoredValue | null; other_results: StoredValue[] | null };

/** The rows with each result as printed: at its test's declared decimals, a censored one as "< 40". */
const printed = (reply: unknown): TbReportRow[] =>
  rowsOf<StoredRow>(reply).map((r) => ({ ...r, result: printedValue(r.result), other_results: printedValues(r.other_results) }));

/**
 * The TB report (SPEC §7 `tb_report/`): one row per TB test — a panel once,
 * by its key member, with its other members' values beside it — with the
 * request form's fields, the client, the RR-TB/MDR-TB flag, the dates and
 * the turnaround. The caller's facility (the super admin: every facility,
 * narrowed by `reporting_state` and `reporting_lga`); Tuberculosis only.
 */
export async function tbReport(db: Db, p: Principal, q: TbReportQuery, csv: boolean) {
  const names = tbPrograms(p, 'the Tuberculosis report');
  await checkProgram(db, q.program);
  const size = q.page_size ?? DEFAULT_PAGE_SIZE;
  if (!csv && !(PAGE_SIZES as readonly number[]).includes(size)) throw ValidationError.field('page_size', `page_size must be one of ${PAGE_SIZES.join(', ')}.`);
  const where: SQL = sql`where ${and(
    ...ofFacility('t', facilityOf(p)),
    programIn(sql.raw('t.program_id'), names),
    keyTest('c'),
    ...withinDays(sql.raw('s.created_at'), dayRange(q)),
    ...(q.test_order_status ? [sql`t.status = ${q.test_order_status}`] : []),
    ...(q.reporting_state ? [sql`f.state_id = ${q.reporting_state}`] : []),
    ...(q.reporting_lga ? [sql`f.lga_id = ${q.reporting_lga}`] : []),
  )} ${andOfTestType('c', q.test_type)}`;
  const page = (limit: number, offset: number) =>
    db.execute(sql`select ${columns} ${from} ${where} order by s.created_at, t.id limit ${limit} offset ${offset}`);
  if (csv) return { rows: printed(await page(TB_CSV_LIMIT, 0)) };
  const number = q.page ?? 1;
  const [total] = rowsOf<{ n: number }>(
    await db.execute(sql`select count(*)::int as n
      from test_orders t join samples s on s.id = t.sample_id join facilities f on f.id = t.facility_id join test_types c on c.id = t.test_type_id
      ${where}`),
  );
  return {
    count: total?.n ?? 0,
    next: null as string | null,
    previous: null as string | null,
    page: number,
    results: printed(await page(size, (number - 1) * size)),
  };
}

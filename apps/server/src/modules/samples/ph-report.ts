import { and, sql, type SQL } from 'drizzle-orm';
import { CANCELLED_STATUS, DEFAULT_PAGE_SIZE, PAGE_SIZES, type PhReportRow } from '@nlims/contracts';
import type { Db } from '../../core/db.js';
import { ValidationError } from '../../core/errors.js';
import type { Principal } from '../users/principal.js';
import { programIn } from './forms.js';
import { NOTIFIED_ACTION, phKeyTest, phPositiveSql, phPrograms } from './ph-query.js';
import { dayRange, ofFacility, rowsOf, tbFacility, withinDays } from './tb-query.js';

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
  coalesce(r.value_text, r.value_numeric::text) as result,
  (select string_agg(regexp_replace(c2.name, '^.+ - ', '') || ': ' || coalesce(r2.value_text, r2.value_numeric::text), '; ' order by c2.id)
     from test_orders t2 join test_types c2 on c2.id = t2.test_type_id join results r2 on r2.test_order_id = t2.id and r2.current
     where t2.sample_id = t.sample_id and t2.id <> t.id and c.panel_id is not null and c2.panel_id = c.panel_id) as other_results,
  coalesce(${phPositiveSql('c', 'r')}, false) as positive,
  r.flag,
  t.status,
  o.created_at as ordered_at,
  s.collected_at,
  s.received_at,
  r.approved_at,
  (select min(a.at) from audit_events a where a.entity = 'sample' and a.entity_id = s.id::text and a.action = ${NOTIFIED_ACTION}) as notified_at`;

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

/**
 * The public-health line list (SPEC §7 `general_program_report/`): one row
 * per case and test — a PCR panel once, by its result member, its Ct values
 * beside it — with the EPID number, the disease, the case form's dates and
 * answers, the specimen, the result, whether it is positive, its flag, the
 * lifecycle's dates and when it was notified. The caller's facility (the
 * super admin: every facility); the public-health programmes the caller reads.
 */
export async function phReport(db: Db, p: Principal, q: PhReportQuery, exporting: boolean) {
  const names = phPrograms(p, 'read', q.program, 'the public-health report');
  const size = q.page_size ?? DEFAULT_PAGE_SIZE;
  if (!exporting && !(PAGE_SIZES as readonly number[]).includes(size))
    throw ValidationError.field('page_size', `page_size must be one of ${PAGE_SIZES.join(', ')}.`);
  const where: SQL = sql`where ${and(
    ...ofFacility('t', tbFacility(p)),
    programIn(sql.raw('t.program_id'), names),
    phKeyTest('c'),
    sql`t.status <> ${CANCELLED_STATUS}`,
    ...withinDays(sql.raw('s.created_at'), dayRange(q)),
    ...(q.test_order_status ? [sql`t.status = ${q.test_order_status}`] : []),
  )}`;
  const page = (limit: number, offset: number) =>
    db.execute(sql`select ${columns} ${from} ${where} order by s.created_at, t.id limit ${limit} offset ${offset}`);
  if (exporting) return { rows: rowsOf<PhReportRow>(await page(PH_EXPORT_LIMIT, 0)) };
  const number = q.page ?? 1;
  const [total] = rowsOf<{ n: number }>(
    await db.execute(
      sql`select count(*)::int as n from test_orders t join samples s on s.id = t.sample_id join test_types c on c.id = t.test_type_id ${where}`,
    ),
  );
  return {
    count: total?.n ?? 0,
    next: null as string | null,
    previous: null as string | null,
    page: number,
    results: rowsOf<PhReportRow>(await page(size, (number - 1) * size)),
  };
}

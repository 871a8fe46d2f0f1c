import { sql } from 'drizzle-orm';
import {
  CANCELLED_STATUS,
  formatResultValue,
  RESULT_STATUS as R,
  VL_CODES,
  VL_FORM_SPEC,
  answerText,
  vlBandLabels,
  vlCategoryLabel,
  vlCutoffs,
  type VlCategory,
} from '@nlims/contracts';
import { facilityScope } from '../../../core/access.js';
import type { Db } from '../../../core/db.js';
import { programIn } from '../../samples/forms.js';
import { rowsOf } from '../../../core/db.js';
import { addDays, dayRange, lagosToday, withinDays } from '../kit/period.js';
import { ofFacility } from '../kit/scope.js';
import type { Principal } from '../../users/principal.js';
import { bandSql, categorySql, vlPrograms } from './vl-dashboard.js';

/** The columns of the viral-load export, in order. */
export const VL_REPORT_COLUMNS = [
  'lab_number',
  'client_name',
  'sex',
  'age_years',
  'art_number',
  'regimen',
  'regimen_line',
  'pregnant',
  'breastfeeding',
  'reason',
  'sample_type',
  'status',
  'copies_per_ml',
  'log10',
  'classification',
  'band',
  'flag',
  'collected_at',
  'received_at',
  'released_at',
  'repeat_request',
] as const;

const CSV_LIMIT = 100_000;
const APPROVED = sql.raw(String(R.APPROVAL));
const CANCELLED = sql.raw(String(CANCELLED_STATUS));
const field = (name: string) => VL_FORM_SPEC.fields.find((f) => f.name === name)!;

/**
 * The viral-load results of a period as rows for the CSV export: one row per
 * VL sample registered in the period, with its request (ART number, regimen,
 * line, pregnancy, breastfeeding, reason), its copies and log10 as printed
 * ("< 40", "Target not detected"), the classification and reporting band of a
 * released result, and the repeat request once made. One query; the rows are
 * only formatted here.
 */
export async function vlReportRows(db: Db, p: Principal, q: { start_date?: string; end_date?: string }) {
  const names = vlPrograms(p);
  const asked = dayRange(q);
  const end = asked.end ?? lagosToday();
  const start = asked.start ?? addDays(end, -29);
  const facility = facilityScope(p);
  const cutoffs = vlCutoffs();
  const reply = await db.execute(sql`
    select s.barcode as lab_number, c.first_name || ' ' || c.last_name as client_name, c.sex,
           extract(year from age((s.created_at at time zone 'Africa/Lagos')::date, c.date_of_birth))::int as age_years,
           o.form, st.name as sample_type, s.status,
           case when r.value_text in ('<', '>') then r.value_text || ' ' || r.value_numeric::text else coalesce(r.value_numeric::text, r.value_text) end as copies,
           (select case when l.value_text in ('<', '>') then l.value_text || ' ' || l.value_numeric::text else l.value_numeric::text end
              from test_orders lt join test_types lc on lc.id = lt.test_type_id join results l on l.test_order_id = lt.id and l.current
              where lt.sample_id = s.id and lc.code = ${VL_CODES.LOG}) as log10,
           case when r.status = ${APPROVED} then ${categorySql(cutoffs)} end as category,
           case when r.status = ${APPROVED} then ${bandSql(cutoffs)} end as band,
           r.flag, s.collected_at, s.received_at, case when r.status = ${APPROVED} then r.approved_at end as released_at,
           (select f.lab_number from orders f where f.follows_sample_id = s.id) as repeat_request
    from samples s
    join orders o on o.id = s.order_id
    join clients c on c.id = o.client_id
    left join sample_types st on st.id = s.sample_type_id
    join test_orders t on t.sample_id = s.id and t.test_type_id in (select id from test_types where code = ${VL_CODES.RNA})
    left join results r on r.test_order_id = t.id and r.current
    where ${sql.join([...ofFacility('s', facility), programIn(sql.raw('s.program_id'), names), ...withinDays(sql.raw('s.created_at'), { start, end }), sql`s.status <> ${CANCELLED}`], sql` and `)}
    order by s.created_at, s.id
    limit ${CSV_LIMIT}`);
  const labels = vlBandLabels(cutoffs);
  type Row = {
    form: Record<string, unknown>;
    copies: string | null;
    log10: string | null;
    category: VlCategory | null;
    band: number | null;
  } & Record<string, unknown>;
  return rowsOf<Row>(reply).map(({ form, copies, log10, category, band, ...row }) => ({
    ...row,
    art_number: form.art_number ?? '',
    regimen: form.regimen === 'other' ? (form.regimen_other ?? '') : answerText(field('regimen'), form.regimen),
    regimen_line: answerText(field('regimen_line'), form.regimen_line),
    pregnant: answerText(field('pregnant'), form.pregnant),
    breastfeeding: answerText(field('breastfeeding'), form.breastfeeding),
    reason: answerText(field('reason'), form.reason),
    copies_per_ml: copies == null ? '' : formatResultValue(copies, false),
    log10: log10 ?? '',
    classification: category ? vlCategoryLabel(category, cutoffs) : '',
    band: band == null ? '' : labels[band],
  }));
}

import { sql } from 'drizzle-orm';
import {
  RESULT_STATUS as R,
  VL_CODES,
  VL_FORM_SPEC,
  answerText,
  vlBandLabels,
  vlCategoryLabel,
  vlCutoffs,
  type VlCategory,
  type VlCutoffs,
} from '@nlims/contracts';
import type { Db } from '../../../core/db.js';
import { addDays, dayRange, lagosToday } from '../../../core/period.js';
import { lineListRows } from '../line-list/line-list.js';
import type { Principal } from '../../users/users.service.js';
import { bandSql, categorySql, vlPrograms } from './vl-dashboard.js';
import { printedValue, type StoredValue, storedValueJson } from '../../results/result-value.js';

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
const field = (name: string) => VL_FORM_SPEC.fields.find((f) => f.name === name)!;

/** Viral load's own columns of the line list: the sample's status, the log10 beside the copies, the classification and band of a released result, the repeat request. */
const vlColumns = (cutoffs: VlCutoffs) => sql`
  s.status as sample_status,
  (select ${storedValueJson('l', 'lc')}
     from test_orders lt join test_types lc on lc.id = lt.test_type_id join results l on l.test_order_id = lt.id and l.current
     where lt.sample_id = s.id and lc.code = ${VL_CODES.LOG}) as log10,
  case when r.status = ${APPROVED} then ${categorySql(cutoffs)} end as category,
  case when r.status = ${APPROVED} then ${bandSql(cutoffs)} end as band,
  case when r.status = ${APPROVED} then r.approved_at end as released_at,
  (select f.lab_number from orders f where f.follows_sample_id = s.id) as repeat_request`;

type Row = {
  barcode: string;
  client_name: string;
  sex: string;
  age_years: number | null;
  sample_type: string | null;
  sample_status: number;
  result: StoredValue | null;
  flag: string | null;
  collected_at: Date | string | null;
  received_at: Date | string | null;
  released_at: Date | string | null;
  repeat_request: string | null;
  form: Record<string, unknown> | null;
  log10: StoredValue | null;
  category: VlCategory | null;
  band: number | null;
};

/**
 * The viral-load results of a period as rows for the CSV export (default: the
 * last 30 days): the one line list's rows of viral load (line-list.ts) with
 * viral load's own columns — the request (ART number, regimen, line,
 * pregnancy, breastfeeding, reason), the copies and log10 as printed ("< 40",
 * "Target not detected"), the classification and reporting band of a released
 * result, and the repeat request once made.
 */
export async function vlReportRows(db: Db, p: Principal, q: { start_date?: string; end_date?: string }) {
  const names = vlPrograms(p);
  const asked = dayRange(q);
  const end = asked.end ?? lagosToday();
  const start = asked.start ?? addDays(end, -29);
  const cutoffs = vlCutoffs();
  const rows = await lineListRows<Row>(db, p, names, 'vl', { start_date: start, end_date: end }, CSV_LIMIT, 0, vlColumns(cutoffs));
  const labels = vlBandLabels(cutoffs);
  return rows.map((r) => {
    const form = r.form ?? {};
    return {
      lab_number: r.barcode,
      client_name: r.client_name,
      sex: r.sex,
      age_years: r.age_years,
      art_number: form.art_number ?? '',
      regimen: form.regimen === 'other' ? (form.regimen_other ?? '') : answerText(field('regimen'), form.regimen),
      regimen_line: answerText(field('regimen_line'), form.regimen_line),
      pregnant: answerText(field('pregnant'), form.pregnant),
      breastfeeding: answerText(field('breastfeeding'), form.breastfeeding),
      reason: answerText(field('reason'), form.reason),
      sample_type: r.sample_type,
      status: r.sample_status,
      // Each at its test's declared decimals, a censored one as "< 40".
      copies_per_ml: printedValue(r.result) ?? '',
      log10: printedValue(r.log10) ?? '',
      classification: r.category ? vlCategoryLabel(r.category, cutoffs) : '',
      band: r.band == null ? '' : labels[r.band],
      flag: r.flag,
      collected_at: r.collected_at,
      received_at: r.received_at,
      released_at: r.released_at,
      repeat_request: r.repeat_request,
    };
  });
}

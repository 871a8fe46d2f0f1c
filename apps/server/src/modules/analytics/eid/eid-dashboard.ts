import { sql, type SQL } from 'drizzle-orm';
import {
  CANCELLED_STATUS,
  EID_AGE_BANDS,
  EID_DASHBOARD_DEFAULT_DAYS,
  EID_NO_RESULT,
  EID_PCR,
  type EidAgeBand,
  type EidDashboard,
  RESULT_STATUS as R,
  SAMPLE_STATUS as S,
} from '@nlims/contracts';
import { facilityScope } from '../../../core/access.js';
import type { Db } from '../../../core/db.js';
import { forbidden, ValidationError } from '../../../core/errors.js';
import { formPrograms, programIn } from '../../samples/forms.js';
import { rowsOf } from '../../../core/db.js';
import { dashboardPeriod } from '../../../core/period.js';
import { legQuantile, percentOf, rejectionsByReason } from '../kit/measures.js';
import { periodSamples } from '../kit/scope.js';
import type { Principal } from '../../users/users.service.js';

export interface EidDashboardQuery {
  start_date?: string;
  end_date?: string;
  program?: string;
}

// Literals, not parameters, so the planner can match the partial indexes and fold the constants.
const APPROVED = sql.raw(String(R.APPROVAL));
const CANCELLED = sql.raw(String(CANCELLED_STATUS));
const NO_RESULT = sql.raw(EID_NO_RESULT.map((v) => `'${v}'`).join(', '));
/** The Lagos day a gathered sample was collected (registered, before collection): the day the infant's age is taken on. */
const COLLECTION_DAY_SQL = `(coalesce(s.collected_at, s.created_at) at time zone 'Africa/Lagos')::date`;
const COLLECTION_DAY = sql.raw(COLLECTION_DAY_SQL);
/** The age band at collection of a gathered sample, as contracts' `eidAgeBand` counts it. */
const AGE_BAND = sql.raw(`case when s.date_of_birth is null then 'unknown'
  when ${COLLECTION_DAY_SQL} <= s.date_of_birth + interval '2 months' then 'le_2m'
  when ${COLLECTION_DAY_SQL} <= s.date_of_birth + interval '12 months' then '2_12m'
  else 'gt_12m' end`);

/** The programmes the caller reads on eid_sample/ (EID), or 403. */
function eidPrograms(p: Principal): string[] {
  const names = formPrograms(p, 'eid_sample', 'read');
  if (!names.length) throw forbidden('Your role may not view the EID dashboard.');
  return names;
}

/** `program`: EID by name or id; any other is a 400. */
async function checkProgram(db: Db, program: string | undefined): Promise<void> {
  if (program === undefined || program === '') return;
  const name = /^\d{1,9}$/.test(program)
    ? rowsOf<{ name: string }>(await db.execute(sql`select name from programs where id = ${Number(program)}`))[0]?.name
    : program;
  if (name !== 'EID') throw ValidationError.field('program', `"${program.slice(0, 100)}" is not served here: this is the EID programme's.`);
}

interface FigureRow {
  tests: number;
  released: number;
  detected: number;
  not_detected: number;
  no_result: number;
}
const figures = (r: FigureRow) => ({
  tests: r.tests,
  released: r.released,
  detected: r.detected,
  not_detected: r.not_detected,
  no_result: r.no_result,
  positivity_percent: percentOf(r.detected, r.detected + r.not_detected),
});
const byTests = <T extends { tests: number }>(a: T, b: T) => b.tests - a.tests;

interface GroupedRow extends FigureRow {
  g_band: number;
  g_entry: number;
  g_seq: number;
  g_state: number;
  g_status: number;
  band: EidAgeBand | null;
  entry_point: string | null;
  pcr_sequence: string | null;
  state: string | null;
  status: number | null;
  rejected: number;
}
interface TatRow {
  released: number;
  median_days: number | null;
  p90_days: number | null;
  to_receipt: number | null;
  to_release: number | null;
}
type AwaitingRow = Omit<EidDashboard['awaiting_confirmation']['samples'][number], 'released_at'>;

/**
 * The EID dashboard of a facility (`facility_eid_dashboard/`): over the EID
 * samples registered in the period, the tests and their positivity by age
 * band, entry point, PCR sequence and state (one grouping-sets aggregate),
 * the tests by status, the rejections by reason, turnaround from collection
 * to release, and the released detected PCRs still awaiting their
 * confirmatory request. Every figure is aggregated in the database over the
 * (facility, programme, created_at) index of samples and the per-sample
 * indexes of tests and results; the super admin's span every facility.
 */
export async function eidDashboard(db: Db, p: Principal, q: EidDashboardQuery): Promise<EidDashboard> {
  const names = eidPrograms(p);
  await checkProgram(db, q.program);
  const { start, end } = dashboardPeriod(q, EID_DASHBOARD_DEFAULT_DAYS);
  const facility = facilityScope(p);
  /** The samples of the period: the facility's, of EID, registered between the days, not cancelled. */
  const cohort = (): SQL => periodSamples('s', facility, programIn(sql.raw('s.program_id'), names), { start, end });

  // One statement: the period's samples are gathered once (each order, infant, test and current result
  // looked up by its key, so the plan follows the samples index however large the tables), then every figure
  // is aggregated from them.
  const [reply] = rowsOf<{
    grouped: GroupedRow[] | null;
    samples: number;
    rejections: EidDashboard['rejections'] | null;
    tat: TatRow | null;
    awaiting: (AwaitingRow & { released_at: string })[] | null;
    awaiting_count: number;
  }>(
    await db.execute(sql`
      with c as materialized (
        select s.id, s.barcode, s.status, s.rejection_reason_id, s.collected_at, s.received_at, s.created_at,
               o.id as order_id, o.lab_number, o.client_id, o.program_id, o.ordered_at, o.entry_point, o.pcr_sequence, o.hei,
               cl.first_name, cl.last_name, cl.date_of_birth, st.state
        from samples s
        cross join lateral (
          select o.id, o.lab_number, o.client_id, o.program_id, o.created_at as ordered_at, o.form->>'entry_point' as entry_point,
                 o.form->>'pcr_sequence' as pcr_sequence, nullif(o.form->>'exposed_infant_number', '') as hei
          from orders o where o.id = s.order_id offset 0) o
        cross join lateral (select cl.first_name, cl.last_name, cl.date_of_birth from clients cl where cl.id = o.client_id offset 0) cl
        join (select f.id, st.name as state from facilities f join states st on st.id = f.state_id) st on st.id = s.facility_id
        where ${cohort()}
      ), x as materialized (
        select s.*, ${AGE_BAND} as band, t.test_type_id, t.status as test_status,
               coalesce(r.status = ${APPROVED}, false) as released, r.value_text as value, r.approved_at
        from c s
        cross join lateral (select t.id, t.test_type_id, t.status from test_orders t where t.sample_id = s.id and t.status <> ${CANCELLED} offset 0) t
        left join lateral (select r.status, r.value_text, r.approved_at from results r where r.test_order_id = t.id and r.current offset 0) r on true
      ), detected as (
        select x.* from x
        where x.released and x.value = 'DETECTED' and x.test_type_id = (select id from test_types where code = ${EID_PCR})
          and x.pcr_sequence is distinct from 'confirmatory'
          and not exists (select 1 from orders f where f.follows_sample_id = x.id)
          and not exists (select 1 from orders f where f.client_id = x.client_id and f.program_id = x.program_id and f.id <> x.order_id
                            and f.created_at >= x.ordered_at and f.form->>'pcr_sequence' = 'confirmatory')
      )
      select
        (select json_agg(g) from (
          select grouping(band)::int as g_band, grouping(entry_point)::int as g_entry, grouping(pcr_sequence)::int as g_seq,
                 grouping(state)::int as g_state, grouping(test_status)::int as g_status,
                 band, entry_point, pcr_sequence, state, test_status as status,
                 count(*)::int as tests,
                 count(*) filter (where test_status = ${sql.raw(String(S.REJECTED))})::int as rejected,
                 count(*) filter (where released)::int as released,
                 count(*) filter (where released and value = 'DETECTED')::int as detected,
                 count(*) filter (where released and value = 'NOT DETECTED')::int as not_detected,
                 count(*) filter (where released and value in (${NO_RESULT}))::int as no_result
          from x
          group by grouping sets ((band), (entry_point), (pcr_sequence), (state), (test_status), ())) g) as grouped,
        (select count(*)::int from c) as samples,
        (select json_agg(j) from (${rejectionsByReason(sql`c s`, { code: true })}) j) as rejections,
        (select row_to_json(a) from (
          select count(*)::int as released,
                 ${legQuantile(sql`collected_at`, sql`approved_at`, { unit: 'days' })} as median_days,
                 ${legQuantile(sql`collected_at`, sql`approved_at`, { unit: 'days', quantile: 0.9 })} as p90_days,
                 ${legQuantile(sql`collected_at`, sql`received_at`, { unit: 'days' })} as to_receipt,
                 ${legQuantile(sql`received_at`, sql`approved_at`, { unit: 'days' })} as to_release
          from x where released and collected_at is not null) a) as tat,
        (select json_agg(w) from (
          select id, barcode, lab_number, client_id as client, concat_ws(' ', first_name, last_name) as client_name,
                 hei as exposed_infant_number, pcr_sequence,
                 case when date_of_birth is null or ${COLLECTION_DAY} < date_of_birth then null
                      else ((${COLLECTION_DAY} - date_of_birth) / 7)::int end as age_weeks,
                 approved_at as released_at
          from detected s order by approved_at, id limit 50) w) as awaiting,
        (select count(*)::int from detected) as awaiting_count`),
  );

  const grouped = reply?.grouped ?? [];
  // Each grouping set's rows: the one grouped column is 0 in `grouping()`, the others 1; the grand total has all 1.
  const set = (key: 'g_band' | 'g_entry' | 'g_seq' | 'g_state' | 'g_status') =>
    grouped.filter((r) => r[key] === 0 && r.g_band + r.g_entry + r.g_seq + r.g_state + r.g_status === 4);
  const total = grouped.find((r) => r.g_band + r.g_entry + r.g_seq + r.g_state + r.g_status === 5);
  const bands = new Map(set('g_band').map((r) => [r.band, r]));
  const tat = reply?.tat ?? null;
  const awaiting = reply?.awaiting ?? [];
  const empty: FigureRow = { tests: 0, released: 0, detected: 0, not_detected: 0, no_result: 0 };

  return {
    facility,
    start_date: start,
    end_date: end,
    totals: { samples: reply?.samples ?? 0, rejected: total?.rejected ?? 0, ...figures(total ?? empty) },
    by_age_band: EID_AGE_BANDS.map((band) => ({ band, ...figures(bands.get(band) ?? empty) })),
    by_entry_point: set('g_entry')
      .map((r) => ({ entry_point: r.entry_point, ...figures(r) }))
      .sort(byTests),
    by_pcr_sequence: set('g_seq')
      .map((r) => ({ pcr_sequence: r.pcr_sequence, ...figures(r) }))
      .sort(byTests),
    by_state: set('g_state')
      .map((r) => ({ state: r.state ?? '', ...figures(r) }))
      .sort(byTests),
    by_status: set('g_status')
      .map((r) => ({ test_order_status: r.status!, count: r.tests }))
      .sort((a, b) => a.test_order_status - b.test_order_status),
    rejections: reply?.rejections ?? [],
    turnaround: {
      released: tat?.released ?? 0,
      median_days: tat?.median_days ?? null,
      p90_days: tat?.p90_days ?? null,
      collection_to_receipt_median_days: tat?.to_receipt ?? null,
      receipt_to_release_median_days: tat?.to_release ?? null,
    },
    awaiting_confirmation: {
      count: reply?.awaiting_count ?? 0,
      samples: awaiting.map(({ released_at, ...row }) => ({ ...row, released_at: new Date(released_at).toISOString() })),
    },
  };
}

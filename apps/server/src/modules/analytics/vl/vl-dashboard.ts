import { sql, type SQL } from 'drizzle-orm';
import {
  CANCELLED_STATUS,
  RESULT_STATUS as R,
  SAMPLE_STATUS as S,
  VL_CODES,
  VL_DASHBOARD_DEFAULT_DAYS,
  VL_DIMENSIONS,
  type VlCutoffs,
  type VlDashboard,
  type VlDimension,
  type VlGroup,
  vlBandLabels,
  vlCutoffs,
} from '@nlims/contracts';
import { facilityScope } from '../../../core/access.js';
import type { Db } from '../../../core/db.js';
import { forbidden } from '../../../core/errors.js';
import { formPrograms, programIn } from '../../samples/forms.js';
import { rowsOf } from '../../../core/db.js';
import { dashboardPeriod } from '../../../core/period.js';
import { legQuantile, percentOf } from '../kit/measures.js';
import { periodSamples } from '../kit/scope.js';
import type { Principal } from '../../users/users.service.js';

export interface VlDashboardQuery {
  start_date?: string;
  end_date?: string;
}

// Literals, not parameters, so the planner sees them.
const APPROVED = sql.raw(String(R.APPROVAL));
const REJECTED = sql.raw(String(S.REJECTED));
const _CANCELLED = sql.raw(String(CANCELLED_STATUS));

/** The programmes the caller reads on vl_sample/ (Viral Load), or 403. */
export function vlPrograms(p: Principal): string[] {
  const names = formPrograms(p, 'vl_sample', 'read');
  if (!names.length) throw forbidden('Your role may not view the viral-load dashboard.');
  return names;
}

const num = (n: number) => sql.raw(String(Number(n)));

/**
 * A released result's category in SQL, by the cut-offs (contracts `vlClassify`):
 * target not detected, below the limit or 0 → undetectable; above the
 * threshold → unsuppressed ("> n" at or above it); else suppressed.
 */
export const categorySql = (c: VlCutoffs): SQL => sql`case
  when r.value_text = 'TARGET NOT DETECTED' or r.value_text = '<' or r.value_numeric <= 0 then 'undetectable'
  when r.value_text = '>' and r.value_numeric >= ${num(c.suppressed_max)} then 'unsuppressed'
  when r.value_text is null and r.value_numeric > ${num(c.suppressed_max)} then 'unsuppressed'
  when r.value_numeric is not null then 'suppressed' end`;

/** The reporting band (0 = lowest); "< n" the highest band below n, target not detected the lowest. */
export const bandSql = (c: VlCutoffs): SQL => {
  const at = (cmp: string) =>
    sql.join(
      c.bands.map((b) => sql`(case when r.value_numeric ${sql.raw(cmp)} ${num(b)} then 1 else 0 end)`),
      sql` + `,
    );
  return sql`case when r.value_numeric is null then 0 when r.value_text = '<' then ${at('>')} else ${at('>=')} end`;
};

/** Whole years at registration → the age band; '' without a date of birth. */
export const AGE_BAND = sql`case when a.y is null then ''
  when a.y < 15 then '0-14' when a.y < 20 then '15-19' when a.y >= 50 then '50+'
  else (5 * (a.y / 5)) || '-' || (5 * (a.y / 5) + 4) end`;

/** The client's whole years at registration of the sample, as \`a.y\` (null without a date of birth). */
const AGE = sql`cross join lateral (select extract(year from age((s.created_at at time zone 'Africa/Lagos')::date, c.date_of_birth))::int as y) a`;

/** Pregnancy and breastfeeding are counted among female clients only ('true', 'false', '' when not answered). */
const femaleAnswer = (field: string) => sql`case when c.sex = 'female' then coalesce(o.form->>${field}, '') end`;

const DIMENSION_SQL: Record<VlDimension, SQL> = {
  sex: sql`sex`,
  age_band: sql`age_band`,
  regimen_line: sql`regimen_line`,
  pregnant: sql`pregnant`,
  breastfeeding: sql`breastfeeding`,
  state: sql`state`,
};

/**
 * The viral-load dashboard of a facility (`facility_vl_dashboard/`): over
 * the VL samples registered in the period (default: the last 30 days), each
 * sample's copies/mL result once released, classified by the cut-offs in
 * force. Set-based: two passes over the period's samples (the index on
 * facility, programme and registration time), sent together — every
 * breakdown and the bands at once (grouping sets); the totals with turnaround.
 */
export async function vlDashboard(db: Db, p: Principal, q: VlDashboardQuery): Promise<VlDashboard> {
  const names = vlPrograms(p);
  const { start, end } = dashboardPeriod(q, VL_DASHBOARD_DEFAULT_DAYS);
  const facility = facilityScope(p);
  const cutoffs = vlCutoffs();

  /** The period's VL samples with their copies test and its released result, classified. */
  const cohort = sql`
    select s.id as sample_id, s.status as sample_status, o.client_id, c.sex, ${AGE_BAND} as age_band,
           coalesce(o.form->>'regimen_line', '') as regimen_line,
           ${femaleAnswer('pregnant')} as pregnant, ${femaleAnswer('breastfeeding')} as breastfeeding,
           coalesce(st.name, '') as state,
           r.id as result_id, ${categorySql(cutoffs)} as category, ${bandSql(cutoffs)} as band,
           s.collected_at, s.received_at, r.approved_at, t.due_at
    from samples s
    join orders o on o.id = s.order_id
    join clients c on c.id = o.client_id
    ${AGE}
    left join states st on st.id = c.state_id
    join test_orders t on t.sample_id = s.id and t.test_type_id in (select id from test_types where code = ${VL_CODES.RNA})
    left join results r on r.test_order_id = t.id and r.current and r.status = ${APPROVED}
    where ${periodSamples('s', facility, programIn(sql.raw('s.program_id'), names), { start, end })}`;

  const counts = sql`count(*)::int as samples,
    count(result_id)::int as released,
    count(*) filter (where category = 'undetectable')::int as undetectable,
    count(*) filter (where category = 'suppressed')::int as suppressed,
    count(*) filter (where category = 'unsuppressed')::int as unsuppressed`;
  const dims = VL_DIMENSIONS.map((d) => DIMENSION_SQL[d]);

  const released = sql`filter (where result_id is not null)`;
  const median = (from: SQL, to: SQL) => legQuantile(from, to, { filter: sql`result_id is not null` });
  // Two passes over the period's samples, sent together: every breakdown and the bands at once (grouping sets); the totals with turnaround.
  const [groupedReply, totalsReply] = await Promise.all([
    db.execute(sql`
      with v as (${cohort})
      select ${sql.join(dims, sql`, `)}, band, ${sql.join(
        VL_DIMENSIONS.map((d) => sql`grouping(${DIMENSION_SQL[d]}) = 0 as ${sql.raw(`by_${d}`)}`),
        sql`, `,
      )}, grouping(band) = 0 as by_band, ${counts}
      from v
      group by grouping sets (${sql.join(
        dims.map((d) => sql`(${d})`),
        sql`, `,
      )}, (band))`),
    db.execute(sql`
      with v as (${cohort})
      select ${counts},
        count(*) filter (where sample_status = ${REJECTED})::int as rejected,
        count(distinct client_id)::int as clients,
        count(distinct client_id) ${released}::int as clients_with_result,
        count(*) filter (where category = 'unsuppressed' and not exists (select 1 from orders f where f.follows_sample_id = v.sample_id))::int as awaiting_repeat,
        ${median(sql`collected_at`, sql`received_at`)} as collection_to_reception_hours,
        ${median(sql`received_at`, sql`approved_at`)} as reception_to_release_hours,
        ${median(sql`collected_at`, sql`approved_at`)} as collection_to_release_hours,
        count(*) filter (where result_id is not null and approved_at <= due_at)::int as within
      from v`),
  ]);

  const withRate = <T extends Omit<VlGroup, 'suppression_percent'>>(g: T): T & { suppression_percent: number | null } => ({
    ...g,
    suppression_percent: percentOf(g.undetectable + g.suppressed, g.released),
  });
  type Row = Omit<VlGroup, 'key' | 'suppression_percent'> &
    Record<VlDimension, string | null> &
    Record<`by_${VlDimension}`, boolean> & { band: number | null; by_band: boolean };
  const by = Object.fromEntries(VL_DIMENSIONS.map((d) => [d, [] as VlGroup[]])) as Record<VlDimension, VlGroup[]>;
  const found = new Map<number, number>();
  for (const row of rowsOf<Row>(groupedReply)) {
    // Released results per band (a sample without one sits in band 0 but is not released, so not counted).
    if (row.by_band) {
      found.set(row.band!, row.released);
      continue;
    }
    const d = VL_DIMENSIONS.find((x) => row[`by_${x}`]);
    if (!d) continue;
    const { samples, released, undetectable, suppressed, unsuppressed } = row;
    // Male clients are not asked about pregnancy or breastfeeding (null), and are left out of those breakdowns.
    if (row[d] == null) continue;
    by[d].push(withRate({ key: row[d]!, samples, released, undetectable, suppressed, unsuppressed }));
  }
  for (const d of VL_DIMENSIONS) by[d].sort((a, b) => (a.key === '' ? 1 : b.key === '' ? -1 : a.key.localeCompare(b.key, 'en', { numeric: true })));

  const labels = vlBandLabels(cutoffs);
  const [t] = rowsOf<
    Omit<VlDashboard['totals'], 'key' | 'suppression_percent' | 'coverage_percent'> &
      Omit<VlDashboard['turnaround'], 'within_percent' | 'released'> & { within: number }
  >(totalsReply) as [
    Omit<VlDashboard['totals'], 'key' | 'suppression_percent' | 'coverage_percent'> &
      Omit<VlDashboard['turnaround'], 'within_percent' | 'released'> & { within: number },
  ];
  const { collection_to_reception_hours, reception_to_release_hours, collection_to_release_hours, within, ...totals } = t;
  return {
    facility,
    start_date: start,
    end_date: end,
    cutoffs: { ...cutoffs, band_labels: labels },
    totals: { ...withRate({ ...totals, key: '' }), coverage_percent: percentOf(totals.clients_with_result, totals.clients) },
    bands: labels.map((label, band) => ({ band, label, count: found.get(band) ?? 0 })),
    by,
    turnaround: {
      released: totals.released,
      collection_to_reception_hours,
      reception_to_release_hours,
      collection_to_release_hours,
      within_percent: percentOf(within, totals.released),
    },
  };
}

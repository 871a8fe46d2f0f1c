/** What the runs gave: a material's Levey–Jennings points, and a month's summary per material. */
import { and, asc, eq, gte, isNull, sql } from 'drizzle-orm';
import { PROGRAMS, type QcChartReply, type QcResultItem, type QcSummaryReply, type QcSummaryRow } from '@nlims/contracts';
import { programsWhere, requireIn } from '../../core/access.js';
import { type Db, rowsOf } from '../../core/db.js';
import { forbidden, notFound } from '../../core/errors.js';
import { programIn } from '../samples/forms.js';
import type { Principal } from '../users/users.service.js';
import { qcResults, qcRuns } from './qc.table.js';
import { materialsOf } from './qc.materials.js';

/** A material's results over the last `days` on the machine (or the runs recorded without one, as the rules judged them), oldest first, for its Levey–Jennings chart. */
export async function qcChart(db: Db, p: Principal, q: { material: number; machine?: number; days: number }, now = new Date()): Promise<QcChartReply> {
  const material = (await materialsOf(db, p, [q.material])).get(q.material);
  if (!material) throw notFound();
  requireIn(p, material.program, 'read');
  const since = new Date(now.getTime() - q.days * 86_400_000);
  const rows = await db
    .select({ id: qcResults.id, run: qcResults.run_id, value: qcResults.value, z: qcResults.z, violations: qcResults.violations, run_at: qcRuns.run_at })
    .from(qcResults)
    .innerJoin(qcRuns, eq(qcRuns.id, qcResults.run_id))
    .where(
      and(eq(qcResults.material_id, q.material), gte(qcRuns.run_at, since), q.machine == null ? isNull(qcRuns.machine_id) : eq(qcRuns.machine_id, q.machine)),
    )
    .orderBy(asc(qcRuns.run_at), asc(qcResults.id));
  const { program: _program, test_type: _test, ...shown } = material;
  return {
    material: shown,
    results: rows.map((r): QcResultItem => ({ ...r, material: q.material, run_at: r.run_at.toISOString() })),
  };
}

/** The summary's columns, in the export's order. */
export const QC_SUMMARY_COLUMNS = [
  'test',
  'name',
  'level',
  'lot_number',
  'unit',
  'target_mean',
  'target_sd',
  'n',
  'mean',
  'sd',
  'cv',
  'warnings',
  'rejections',
  'rejected_runs',
] as const;

/**
 * A month of QC (Africa/Lagos) per control material of the caller's facility, of the programmes the caller reads:
 * n, mean, SD (n − 1), CV %, the warnings and rejections its results fired and the rejected runs it was in. Active
 * materials are listed even without results; one aggregate query.
 */
export async function qcSummary(db: Db, p: Principal, month: string): Promise<QcSummaryReply> {
  const names = programsWhere(p, 'read', PROGRAMS);
  if (!names.length || p.facilityId == null) throw forbidden('Your role may not view quality control.');
  const [year, m] = month.split('-').map(Number) as [number, number];
  const start = `${month}-01T00:00:00+01:00`;
  const end = `${m === 12 ? year + 1 : year}-${String(m === 12 ? 1 : m + 1).padStart(2, '0')}-01T00:00:00+01:00`;
  const rows = rowsOf<QcSummaryRow>(
    await db.execute(sql`
      with points as (
        select x.material_id, x.value::float as value, q.id as run_id, q.verdict,
               (select count(*) from jsonb_array_elements(x.violations) v where v->>'severity' = 'warning')::int as warnings,
               (select count(*) from jsonb_array_elements(x.violations) v where v->>'severity' = 'reject')::int as rejections
        from qc_results x join qc_runs q on q.id = x.run_id
        where q.facility_id = ${p.facilityId} and q.run_at >= ${start}::timestamptz and q.run_at < ${end}::timestamptz
      )
      select m.id as material, m.test_type_id as test_type, tt.name as test, m.name, m.level, m.lot_number, m.unit,
             m.target_mean::float as target_mean, m.target_sd::float as target_sd,
             count(pt.value)::int as n,
             round(avg(pt.value)::numeric, 4)::float as mean,
             round(stddev_samp(pt.value)::numeric, 4)::float as sd,
             case when count(pt.value) > 1 and avg(pt.value) <> 0
                  then round((stddev_samp(pt.value) / abs(avg(pt.value)) * 100)::numeric, 2)::float end as cv,
             coalesce(sum(pt.warnings), 0)::int as warnings,
             coalesce(sum(pt.rejections), 0)::int as rejections,
             count(distinct pt.run_id) filter (where pt.verdict = 'rejected')::int as rejected_runs
      from qc_materials m
      join test_types tt on tt.id = m.test_type_id
      join programs pr on pr.id = tt.program_id
      left join points pt on pt.material_id = m.id
      where m.facility_id = ${p.facilityId} and ${programIn(sql.raw('tt.program_id'), names)}
      group by m.id, tt.name
      having bool_or(m.is_active) or count(pt.value) > 0
      order by tt.name, m.level, m.id`),
  );
  return { month, rows };
}

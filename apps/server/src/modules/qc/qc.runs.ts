/** A QC run recorded: its levels judged by the Westgard rules against the material's earlier results, with its audit row. */
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import {
  describeSeries,
  QC_ESTABLISHMENT_RUNS,
  zScore,
  type QcPoint,
  type qcRunBody,
  type QcRunReply,
  runVerdict,
  type Violation,
  westgard,
} from '@nlims/contracts';
import type { z } from 'zod';
import { requireIn } from '../../core/access.js';
import { rowsOf, type Tx } from '../../core/db.js';
import { ValidationError } from '../../core/errors.js';
import { recordAudit } from '../audit/audit.service.js';
import { qcMaterials } from '../facility-settings/facility-settings.table.js';
import type { Principal } from '../users/users.service.js';
import { qcResults, qcRuns } from './qc.table.js';
import { ruleSettings } from './qc.rules.js';
import { machineHere, type Material, materialsOf } from './qc.materials.js';

/** How many earlier results of a material the rules look back on (10x needs ten; 30 draws a month of daily runs). */
const LOOK_BACK = 30;
/**
 * Lots being established that now have their first QC_ESTABLISHMENT_RUNS results: their mean and SD become those of
 * these results (oldest first), the rules judge them from the next run on; each with its audit row.
 */
async function establishLots(tx: Tx, p: Principal, lots: readonly Material[], at: Date): Promise<void> {
  if (!lots.length) return;
  const firsts = rowsOf<{ material: number; values: number[] }>(
    await tx.execute(sql`
      select material_id as material, array_agg(value::float order by run_at, id) as values
      from (select q.id, q.material_id, q.value, r.run_at,
                   row_number() over (partition by q.material_id order by r.run_at, q.id) as n
            from qc_results q join qc_runs r on r.id = q.run_id
            where q.material_id in (${sql.join(
              lots.map((m) => sql`${m.id}`),
              sql`, `,
            )})) firsts
      where n <= ${QC_ESTABLISHMENT_RUNS}
      group by material_id
      having count(*) >= ${QC_ESTABLISHMENT_RUNS}`),
  );
  for (const { material, values } of firsts) {
    const { mean, sd } = describeSeries(values);
    if (mean == null || sd == null || !(sd > 0)) continue;
    const lot = lots.find((m) => m.id === material)!;
    const target = { target_mean: Number(mean.toPrecision(6)), target_sd: Number(sd.toPrecision(6)) };
    await tx
      .update(qcMaterials)
      .set({ ...target, established_at: at })
      .where(eq(qcMaterials.id, material));
    await recordAudit(tx, p, {
      action: 'qc.lot_established',
      entity: 'qc_material',
      entityId: String(material),
      before: { target_mean: lot.target_mean, target_sd: lot.target_sd },
      after: { ...target, results: values.length },
    });
  }
}
/** The earlier results of these materials on the machine (or with none), oldest first, as Westgard points. */
async function history(db: Tx, materials: readonly Material[], machine: number | null): Promise<QcPoint<number>[]> {
  const rows = await db
    .select({ id: qcResults.id, run: qcResults.run_id, material: qcResults.material_id, value: qcResults.value })
    .from(qcResults)
    .innerJoin(qcRuns, eq(qcRuns.id, qcResults.run_id))
    .where(
      and(
        inArray(
          qcResults.material_id,
          materials.map((m) => m.id),
        ),
        machine == null ? isNull(qcRuns.machine_id) : eq(qcRuns.machine_id, machine),
        // the latest LOOK_BACK of each material on this instrument
        sql`${qcResults.id} in (select q.id from qc_results q join qc_runs r on r.id = q.run_id
          where q.material_id = ${qcResults.material_id} and ${machine == null ? sql`r.machine_id is null` : sql`r.machine_id = ${machine}`}
          order by r.run_at desc, q.id desc limit ${LOOK_BACK})`,
      ),
    )
    .orderBy(asc(qcRuns.run_at), asc(qcResults.id));
  const byId = new Map(materials.map((m) => [m.id, m]));
  return rows.map((r) => {
    const m = byId.get(r.material)!;
    return { id: r.id, run: r.run, level: String(m.id), value: r.value, mean: m.target_mean, sd: m.target_sd };
  });
}

/**
 * Record a run of controls, in the caller's transaction: each material of the caller's facility, of a test whose
 * programme gives the caller `qc` (analysts and supervisors); the Westgard rules evaluated over each material's
 * earlier results on the same instrument and across the run's levels; the run's verdict and its audit row.
 */
export async function recordQcRun(tx: Tx, p: Principal, input: z.output<typeof qcRunBody>, now = new Date()): Promise<QcRunReply> {
  const materials = await materialsOf(
    tx,
    p,
    input.results.map((r) => r.material),
  );
  input.results.forEach((r, i) => {
    if (!materials.has(r.material)) throw ValidationError.field(`results.${i}.material`, `Invalid pk "${r.material}" - object does not exist.`);
  });
  for (const m of materials.values()) requireIn(p, m.program, 'qc');
  if (input.machine != null) await machineHere(tx, p, input.machine);
  const runAt = input.run_at ? new Date(input.run_at) : now;
  if (runAt.getTime() > now.getTime() + 5 * 60_000) throw ValidationError.field('run_at', 'The run cannot be in the future.');

  const used = [...materials.values()];
  const earlier = await history(tx, used, input.machine);
  const [run] = await tx
    .insert(qcRuns)
    .values({ facility_id: p.facilityId!, machine_id: input.machine, run_at: runAt, verdict: 'accepted', entered_by: p.id, comment: input.comment })
    .returning({ id: qcRuns.id });
  const inserted = await tx
    .insert(qcResults)
    .values(input.results.map((r) => ({ run_id: run!.id, material_id: r.material, value: r.value, z: 0 })))
    .returning({ id: qcResults.id, material: qcResults.material_id, value: qcResults.value });
  const fresh: QcPoint<number>[] = inserted.map((r) => {
    const m = materials.get(r.material)!;
    return { id: r.id, run: run!.id, level: String(m.id), value: r.value, mean: m.target_mean, sd: m.target_sd };
  });
  // Each test's controls by its own rules on this instrument (its levels judged together, never another test's).
  const settings = await ruleSettings(tx, p.facilityId!, [...new Set(used.map((m) => m.test_type))], input.machine);
  const byId = new Map<number, ReturnType<typeof westgard<number>>[number]>();
  for (const test of new Set(used.map((m) => m.test_type))) {
    // a lot being established is judged by no rule, and takes no part in its levels' rules
    const ofTest = (pt: QcPoint<number>) => {
      const m = materials.get(Number(pt.level));
      return m?.test_type === test && !m.establishing;
    };
    for (const e of westgard([...earlier.filter(ofTest), ...fresh.filter(ofTest)], settings.get(test))) byId.set(e.id, e);
  }
  const evaluated = fresh.map((f) => byId.get(f.id) ?? { id: f.id, z: zScore(f.value, f.mean, f.sd), violations: [] });
  const violations: Violation<number>[] = evaluated.flatMap((e) => e.violations);
  const verdict = runVerdict(violations);
  // every result's z and rules in one statement
  const judged = sql.join(
    evaluated.map((e) => sql`(${e.id}::int, ${Math.round(e.z * 1000) / 1000}::numeric, ${JSON.stringify(e.violations)}::jsonb)`),
    sql`, `,
  );
  await tx.execute(sql`update qc_results set z = v.z, violations = v.violations from (values ${judged}) as v(id, z, violations) where qc_results.id = v.id`);
  await tx.update(qcRuns).set({ verdict }).where(eq(qcRuns.id, run!.id));
  await establishLots(
    tx,
    p,
    used.filter((m) => m.establishing),
    runAt,
  );
  await recordAudit(tx, p, {
    action: 'qc.run',
    entity: 'qc_run',
    entityId: String(run!.id),
    after: {
      verdict,
      machine: input.machine,
      results: evaluated.map((e, i) => ({ material: inserted[i]!.material, value: inserted[i]!.value, z: e.z, rules: e.violations.map((v) => v.rule) })),
    },
  });
  return {
    id: run!.id,
    machine: input.machine,
    run_at: runAt.toISOString(),
    verdict,
    entered_by: p.username,
    comment: input.comment,
    results: evaluated.map((e, i) => ({
      id: e.id,
      run: run!.id,
      material: inserted[i]!.material,
      value: inserted[i]!.value,
      z: Math.round(e.z * 1000) / 1000,
      violations: e.violations,
      run_at: runAt.toISOString(),
    })),
  };
}

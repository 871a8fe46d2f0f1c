import { and, asc, eq, gte, inArray, isNull, sql } from 'drizzle-orm';
import {
  PROGRAMS,
  DEFAULT_WESTGARD,
  describeSeries,
  QC_ESTABLISHMENT_RUNS,
  zScore,
  type QcChartReply,
  type QcRulesReply,
  type qcRulesBody,
  type QcPoint,
  type QcResultItem,
  type qcRunBody,
  type QcRunReply,
  type QcSummaryReply,
  type QcSummaryRow,
  runVerdict,
  type Violation,
  westgard,
} from '@nlims/contracts';
import type { z } from 'zod';
import { programsWhere, requireIn } from '../../core/access.js';
import { type Db, rowsOf, type Tx } from '../../core/db.js';
import { forbidden, notFound, ValidationError } from '../../core/errors.js';
import { recordAudit } from '../audit/audit.service.js';
import { testTypes } from '../catalogue/catalogue.table.js';
import { machineSettings, qcMaterials } from '../facility-settings/facility-settings.table.js';
import { programs } from '../programs/programs.table.js';
import { programIn } from '../samples/forms.js';
import type { Principal } from '../users/principal.js';
import { qcResults, qcRuleSettings, qcRuns } from './qc.table.js';

/** How many earlier results of a material the rules look back on (10x needs ten; 30 draws a month of daily runs). */
const LOOK_BACK = 30;

interface Material {
  id: number;
  name: string;
  level: string;
  lot_number: string;
  target_mean: number;
  target_sd: number;
  unit: string;
  test_type: number;
  program: string;
  /** The lot's mean and SD are still being established from its first results: no rule judges it. */
  establishing: boolean;
}

/** The caller's facility's materials by id, each with its test's programme; a material of another facility is not found. */
async function materialsOf(db: Tx, p: Principal, ids: readonly number[]): Promise<Map<number, Material>> {
  const rows = await db
    .select({
      id: qcMaterials.id,
      name: qcMaterials.name,
      level: qcMaterials.level,
      lot_number: qcMaterials.lot_number,
      target_mean: qcMaterials.target_mean,
      target_sd: qcMaterials.target_sd,
      unit: qcMaterials.unit,
      test_type: qcMaterials.test_type,
      program: programs.name,
      establishing: sql<boolean>`${qcMaterials.establish} and ${qcMaterials.established_at} is null`,
    })
    .from(qcMaterials)
    .innerJoin(testTypes, eq(testTypes.id, qcMaterials.test_type))
    .innerJoin(programs, eq(programs.id, testTypes.program))
    .where(and(inArray(qcMaterials.id, [...ids]), eq(qcMaterials.facility, p.facilityId ?? -1), eq(qcMaterials.is_active, true)));
  return new Map(rows.map((r) => [r.id, r]));
}

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

/** A machine of the caller's facility, or a 400 on `machine`. */
async function machineHere(db: Tx, p: Principal, id: number): Promise<void> {
  const [machine] = await db
    .select({ id: machineSettings.id })
    .from(machineSettings)
    .where(and(eq(machineSettings.id, id), eq(machineSettings.facility, p.facilityId ?? -1)));
  if (!machine) throw ValidationError.field('machine', `Invalid pk "${id}" - object does not exist.`);
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

/** The rules a facility has set for these tests on the instrument (or for runs without one), by test. */
async function ruleSettings(db: Tx, facilityId: number, tests: readonly number[], machine: number | null) {
  const rows = await db
    .select({ test: qcRuleSettings.test_type_id, rules: qcRuleSettings.rules })
    .from(qcRuleSettings)
    .where(
      and(
        eq(qcRuleSettings.facility_id, facilityId),
        inArray(qcRuleSettings.test_type_id, [...tests]),
        machine == null ? isNull(qcRuleSettings.machine_id) : eq(qcRuleSettings.machine_id, machine),
      ),
    );
  return new Map(rows.map((r) => [r.test, r.rules]));
}

/** A test with its programme, or a 400 on `test_type`. */
async function testOf(db: Tx, id: number) {
  const [test] = await db
    .select({ id: testTypes.id, program: programs.name })
    .from(testTypes)
    .innerJoin(programs, eq(programs.id, testTypes.program))
    .where(eq(testTypes.id, id));
  if (!test) throw ValidationError.field('test_type', `Invalid pk "${id}" - object does not exist.`);
  return test;
}

/** `GET qc_rules/`: the rules that judge a test's controls on an instrument here — the facility's, or the defaults. */
export async function qcRules(db: Tx, p: Principal, q: { test_type: number; machine?: number }): Promise<QcRulesReply> {
  const test = await testOf(db, q.test_type);
  requireIn(p, test.program, 'qc');
  if (q.machine != null) await machineHere(db, p, q.machine);
  const set = (await ruleSettings(db, p.facilityId!, [test.id], q.machine ?? null)).get(test.id);
  return { test_type: test.id, machine: q.machine ?? null, rules: { ...DEFAULT_WESTGARD, ...set }, custom: set != null };
}

/** `PUT qc_rules/`: a supervisor sets which rules judge a test's controls on an instrument, and their severity; audited. */
export async function setQcRules(tx: Tx, p: Principal, body: z.output<typeof qcRulesBody>): Promise<QcRulesReply> {
  const test = await testOf(tx, body.test_type);
  requireIn(p, test.program, 'validate');
  if (body.machine != null) await machineHere(tx, p, body.machine);
  const before = (await ruleSettings(tx, p.facilityId!, [test.id], body.machine)).get(test.id) ?? null;
  await tx.execute(sql`insert into qc_rule_settings (facility_id, test_type_id, machine_id, rules, updated_by)
    values (${p.facilityId!}, ${test.id}, ${body.machine}, ${JSON.stringify(body.rules)}::jsonb, ${p.id})
    on conflict (facility_id, test_type_id, coalesce(machine_id, 0)) do update set rules = excluded.rules, updated_by = excluded.updated_by, updated_at = now()`);
  await recordAudit(tx, p, {
    action: 'qc.rules',
    entity: 'qc_rule_setting',
    entityId: `${test.id}:${body.machine ?? ''}`,
    before,
    after: body.rules,
  });
  return { ...body, custom: true };
}

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

import { and, asc, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  ENTERABLE_TEST_STATUSES,
  type FillOrder,
  PROGRAMS,
  type PlateSize,
  plateWells,
  RESULT_STATUS as R,
  SAMPLE_STATUS as S,
  statusName,
  type WorksheetCandidate,
  type worksheetCreateBody,
  type WorksheetDetail,
  type WorksheetItem,
  type worksheetListQuery,
  type WorksheetPosition,
  type WorksheetProposal,
  type WorksheetTemplateItem,
} from '@nlims/contracts';
import type { z } from 'zod';
import { programsRead, programsWhere, requireIn, requireInAny, requireMemberIn, roleIn } from '../../core/access.js';
import { nextYearlyNumber, type Tx } from '../../core/db.js';
import { pgError } from '../../core/db-errors.js';
import { conflict, notFound, ValidationError } from '../../core/errors.js';
import { recordAudits } from '../audit/audit.service.js';
import { testTypes } from '../catalogue/catalogue.table.js';
import { machineSettings } from '../facility-settings/facility-settings.table.js';
import { assertMachineAvailable } from '../inventory/assets.availability.js';
import { programs } from '../programs/programs.table.js';
import { programIn } from '../samples/forms.js';
import { orders, samples, testOrders } from '../samples/samples.table.js';
import { IN_LAB } from '../samples/workplan.js';
import type { Principal } from '../users/principal.js';
import { users } from '../users/users.table.js';
import { worksheetPositions, worksheets, worksheetTemplates } from './worksheets.table.js';

/** How many waiting samples a proposal lists (a plate holds 96 at most; the rest are for swapping in). */
const CANDIDATES = 400;

export interface Template extends WorksheetTemplateItem {
  program: string;
  reporting_low: number | null;
  reporting_high: number | null;
}

/** A template of the caller's facility, for a test of a programme in which the caller prepares worksheets. */
export async function templateOf(db: Tx, p: Principal, id: number, field = 'template'): Promise<Template> {
  requireInAny(p, 'worksheet');
  const [row] = await db
    .select({ t: worksheetTemplates, test_type_name: testTypes.name, program: programs.name, low: testTypes.reporting_low, high: testTypes.reporting_high })
    .from(worksheetTemplates)
    .innerJoin(testTypes, eq(testTypes.id, worksheetTemplates.test_type))
    .innerJoin(programs, eq(programs.id, testTypes.program))
    .where(and(eq(worksheetTemplates.id, id), eq(worksheetTemplates.facility, p.facilityId ?? -1)));
  // A template of a programme the caller holds no role in is not there for it.
  if (!row?.t.is_active || roleIn(p, row.program) == null) throw ValidationError.field(field, `Invalid pk "${id}" - object does not exist.`);
  requireIn(p, row.program, 'worksheet');
  return {
    ...row.t,
    test_type_name: row.test_type_name,
    program_name: row.program,
    program: row.program,
    reporting_low: row.low,
    reporting_high: row.high,
  };
}

/** A sample's test is on an open worksheet. */
const onOpenWorksheet = sql`exists (select 1 from ${worksheetPositions} wp where wp.test_order_id = ${testOrders.id} and wp.open)`;

/**
 * The tests of this kind waiting on the caller's workplan and on no open worksheet: accepted (or back from a
 * rejected result or a retest) on samples in the laboratory, urgent first, then the oldest received.
 */
async function candidates(db: Tx, p: Principal, testTypeId: number): Promise<WorksheetCandidate[]> {
  const rows = await db
    .select({
      test_order: testOrders.id,
      sample: samples.id,
      barcode: samples.barcode,
      priority: orders.priority,
      received_at: samples.receivedAt,
      due_at: testOrders.dueAt,
    })
    .from(testOrders)
    .innerJoin(samples, eq(samples.id, testOrders.sampleId))
    .innerJoin(orders, eq(orders.id, testOrders.orderId))
    .where(
      and(
        eq(testOrders.facilityId, p.facilityId ?? -1),
        eq(testOrders.testTypeId, testTypeId),
        inArray(testOrders.status, [...ENTERABLE_TEST_STATUSES]),
        inArray(samples.status, IN_LAB),
        sql`not ${onOpenWorksheet}`,
      ),
    )
    .orderBy(desc(sql`${orders.priority} = 'urgent'`), asc(sql`coalesce(${samples.receivedAt}, ${samples.createdAt})`), asc(testOrders.id))
    .limit(CANDIDATES);
  return rows.map((r) => ({ ...r, received_at: r.received_at?.toISOString() ?? null, due_at: r.due_at?.toISOString() ?? null }));
}

/** The wells samples may take: the plate's, in the template's fill order, less its controls and blanks. */
export function freeWells(t: { size: number; fill: FillOrder; controls: { well: string }[] }): string[] {
  const taken = new Set(t.controls.map((c) => c.well));
  return plateWells(t.size as PlateSize, t.fill).filter((w) => !taken.has(w));
}

/** `GET worksheet/proposal/`: the template's free wells filled from the workplan, and the samples left waiting. */
export async function proposeWorksheet(db: Tx, p: Principal, templateId: number): Promise<WorksheetProposal> {
  const template = await templateOf(db, p, templateId);
  const waiting = await candidates(db, p, template.test_type);
  const wells = freeWells(template);
  const { program: _program, reporting_low: _low, reporting_high: _high, ...shown } = template;
  return {
    template: shown,
    placed: waiting.slice(0, wells.length).map((c, i) => ({ ...c, well: wells[i]! })),
    waiting: waiting.slice(wells.length),
  };
}

/**
 * `POST worksheet/`: a worksheet of the template's plate, its controls where the template puts them and the given
 * samples' tests in the given wells, in the caller's transaction. Each test is of the template's kind, waiting for a
 * run on a sample in the laboratory, and on no other open worksheet; the samples that were accepted move to
 * WORKSHEET (12), each with its audit row. Numbered per facility and year, WS-2026-0001.
 */
export async function createWorksheet(tx: Tx, p: Principal, body: z.output<typeof worksheetCreateBody>, now = new Date()): Promise<WorksheetDetail> {
  const template = await templateOf(tx, p, body.template);
  const machine = body.machine ?? template.machine;
  if (machine != null) await machineOf(tx, p, machine);
  // An analyser under repair, out of service or past its calibration takes no worksheet.
  if (machine != null) await assertMachineAvailable(tx, machine);
  const free = new Set(freeWells(template));
  const wellsSeen = new Set<string>();
  const testsSeen = new Set<number>();
  body.positions.forEach((pos, i) => {
    if (!free.has(pos.well))
      throw ValidationError.field(
        `positions.${i}.well`,
        template.controls.some((c) => c.well === pos.well) ? `Well ${pos.well} holds a control.` : `This plate has no well ${pos.well}.`,
      );
    if (wellsSeen.has(pos.well)) throw ValidationError.field(`positions.${i}.well`, `Well ${pos.well} is used twice.`);
    if (testsSeen.has(pos.test_order)) throw ValidationError.field(`positions.${i}.test_order`, 'This sample is on the worksheet twice.');
    wellsSeen.add(pos.well);
    testsSeen.add(pos.test_order);
  });
  const ids = body.positions.map((x) => x.test_order);
  const found = await tx
    .select({
      id: testOrders.id,
      test: testOrders.testTypeId,
      status: testOrders.status,
      sample: samples.id,
      sampleStatus: samples.status,
      barcode: samples.barcode,
    })
    .from(testOrders)
    .innerJoin(samples, eq(samples.id, testOrders.sampleId))
    // A test of a sample the caller does not read is not there for it (no message names its lab number).
    .where(and(inArray(testOrders.id, ids), eq(testOrders.facilityId, p.facilityId ?? -1), programIn(samples.programId, programsRead(p))))
    .for('update', { of: [testOrders, samples] });
  const byId = new Map(found.map((f) => [f.id, f]));
  body.positions.forEach((pos, i) => {
    const t = byId.get(pos.test_order);
    const field = `positions.${i}.test_order`;
    if (!t) throw ValidationError.field(field, `Invalid pk "${pos.test_order}" - object does not exist.`);
    if (t.test !== template.test_type) throw ValidationError.field(field, `Sample ${t.barcode} is not waiting for ${template.test_type_name}.`);
    if (!ENTERABLE_TEST_STATUSES.includes(t.status))
      throw conflict(`Sample ${t.barcode} is not waiting for a run: its test is ${statusName({ ...R, ...S }, t.status)}.`);
    if (!(IN_LAB as readonly number[]).includes(t.sampleStatus))
      throw conflict(`Sample ${t.barcode} is not in the laboratory: it is ${statusName(S, t.sampleStatus)}.`);
  });
  const busy = await tx
    .select({ test: worksheetPositions.testOrderId, number: worksheets.number })
    .from(worksheetPositions)
    .innerJoin(worksheets, eq(worksheets.id, worksheetPositions.worksheetId))
    .where(and(inArray(worksheetPositions.testOrderId, ids), eq(worksheetPositions.open, true)));
  if (busy.length) throw conflict(`Sample ${byId.get(busy[0]!.test!)!.barcode} is already on worksheet ${busy[0]!.number}.`);

  const number = await nextYearlyNumber(
    tx,
    { code: 'WS', lock: 120, table: worksheets, number: worksheets.number, facility: worksheets.facilityId },
    p.facilityId!,
    now,
  );
  const [{ programId }] = (await tx.select({ programId: testTypes.program }).from(testTypes).where(eq(testTypes.id, template.test_type))) as [
    { programId: number },
  ];
  const [ws] = await tx
    .insert(worksheets)
    .values({
      facilityId: p.facilityId!,
      number,
      templateId: template.id,
      testTypeId: template.test_type,
      programId,
      machineId: machine,
      createdBy: p.id,
      createdAt: now,
    })
    .returning({ id: worksheets.id });
  try {
    await tx.insert(worksheetPositions).values([
      ...template.controls.map((c) => ({
        worksheetId: ws!.id,
        well: c.well,
        kind: c.kind,
        label: c.label,
        expect: c.kind === 'control' ? c.expect : null,
        duplicateOf: c.kind === 'duplicate' ? c.of : null,
        materialId: c.material,
      })),
      ...body.positions.map((pos) => ({ worksheetId: ws!.id, well: pos.well, kind: 'sample' as const, testOrderId: pos.test_order })),
    ]);
  } catch (error) {
    // Someone put one of these samples on another worksheet at the same moment.
    if (pgError(error)?.code === '23505') throw conflict('One of these samples was put on another worksheet at the same moment; reload the workplan.');
    throw error;
  }
  const moved = await tx
    .update(samples)
    .set({ status: S.WORKSHEET, updatedAt: now })
    .where(
      and(
        inArray(
          samples.id,
          found.map((f) => f.sample),
        ),
        eq(samples.status, S.APPROVED),
      ),
    )
    .returning({ id: samples.id });
  const movedIds = new Set(moved.map((m) => m.id));
  const wellOf = new Map(body.positions.map((pos) => [pos.test_order, pos.well]));
  await recordAudits(tx, p, [
    { action: 'worksheet.created', entity: 'worksheet', entityId: String(ws!.id), after: { number, template: template.id, machine, samples: ids.length } },
    ...found.map((f) => ({
      action: 'sample.worksheet',
      entity: 'sample',
      entityId: String(f.sample),
      fromStatus: movedIds.has(f.sample) ? S.APPROVED : f.sampleStatus,
      toStatus: movedIds.has(f.sample) ? S.WORKSHEET : f.sampleStatus,
      reason: `On worksheet ${number}, well ${wellOf.get(f.id)}`,
      after: { worksheet: ws!.id, test_order: f.id, well: wellOf.get(f.id) },
    })),
  ]);
  return worksheetDetail(tx, p, ws!.id);
}

/** A machine of the caller's facility. */
export async function machineOf(db: Tx, p: Principal, id: number, field = 'machine') {
  const [row] = await db
    .select()
    .from(machineSettings)
    .where(and(eq(machineSettings.id, id), eq(machineSettings.facility, p.facilityId ?? -1)));
  if (!row) throw ValidationError.field(field, `Invalid pk "${id}" - object does not exist.`);
  return row;
}

const creator = alias(users, 'ws_creator');

const itemColumns = {
  id: worksheets.id,
  number: worksheets.number,
  state: worksheets.state,
  template: worksheets.templateId,
  template_name: worksheetTemplates.name,
  test_type: worksheets.testTypeId,
  test_type_name: testTypes.name,
  program_name: programs.name,
  machine: worksheets.machineId,
  machine_name: machineSettings.name,
  format: worksheetTemplates.format,
  size: worksheetTemplates.size,
  samples: sql<number>`(select count(*)::int from ${worksheetPositions} sp where sp.worksheet_id = ${worksheets.id} and sp.kind = 'sample')`,
  created_by_name: sql<string>`coalesce(nullif(trim(${creator.firstName} || ' ' || ${creator.lastName}), ''), ${creator.username})`,
  created_at: worksheets.createdAt,
  closed_at: worksheets.closedAt,
  file_name: worksheets.fileName,
  qc_run: worksheets.qcRunId,
  reason: worksheets.reason,
};

function worksheetRows(db: Tx) {
  return db
    .select(itemColumns)
    .from(worksheets)
    .innerJoin(worksheetTemplates, eq(worksheetTemplates.id, worksheets.templateId))
    .innerJoin(testTypes, eq(testTypes.id, worksheets.testTypeId))
    .innerJoin(programs, eq(programs.id, worksheets.programId))
    .innerJoin(creator, eq(creator.id, worksheets.createdBy))
    .leftJoin(machineSettings, eq(machineSettings.id, worksheets.machineId));
}

const toItem = (r: Awaited<ReturnType<ReturnType<typeof worksheetRows>['where']>>[number]): WorksheetItem => ({
  ...r,
  created_at: r.created_at.toISOString(),
  closed_at: r.closed_at?.toISOString() ?? null,
});

/** `GET worksheet/`: the caller's facility's worksheets of the programmes it prepares worksheets in, open or archived, newest first. */
export async function listWorksheets(db: Tx, p: Principal, q: z.output<typeof worksheetListQuery>): Promise<{ count: number; results: WorksheetItem[] }> {
  requireInAny(p, 'worksheet');
  if (q.program && !PROGRAMS.includes(q.program)) throw ValidationError.field('program', `Unknown programme "${q.program}".`);
  const mine = programsWhere(p, 'worksheet', q.program ? [q.program] : PROGRAMS);
  const where: SQL[] = [
    eq(worksheets.facilityId, p.facilityId ?? -1),
    programIn(worksheets.programId, mine),
    q.state === 'open' ? eq(worksheets.state, 'open') : inArray(worksheets.state, ['closed', 'failed', 'cancelled']),
  ];
  if (q.search) {
    const term = q.search.toUpperCase();
    where.push(
      sql`(upper(${worksheets.number}) like ${`%${term}%`} or exists (select 1 from ${worksheetPositions} sp join ${testOrders} st on st.id = sp.test_order_id
        join ${samples} ss on ss.id = st.sample_id where sp.worksheet_id = ${worksheets.id} and upper(ss.barcode) = ${term}))`,
    );
  }
  if (q.date)
    where.push(
      sql`${worksheets.createdAt} >= (${q.date}::date)::timestamp at time zone 'Africa/Lagos' and ${worksheets.createdAt} < (${q.date}::date + 1)::timestamp at time zone 'Africa/Lagos'`,
    );
  const [{ count }] = (await db
    .select({ count: sql<number>`count(*)::int` })
    .from(worksheets)
    .where(and(...where))) as [{ count: number }];
  const rows = await worksheetRows(db)
    .where(and(...where))
    .orderBy(desc(worksheets.createdAt), desc(worksheets.id))
    .limit(q.page_size)
    .offset((q.page - 1) * q.page_size);
  return { count, results: rows.map(toItem) };
}

/** The worksheet of the caller's facility, in a programme the caller prepares worksheets in; otherwise not found. */
export async function worksheetRow(db: Tx, p: Principal, id: number, options: { lock?: boolean } = {}) {
  requireInAny(p, 'worksheet');
  const q = db
    .select({ ws: worksheets, program: programs.name })
    .from(worksheets)
    .innerJoin(programs, eq(programs.id, worksheets.programId))
    .where(and(eq(worksheets.id, id), eq(worksheets.facilityId, p.facilityId ?? -1)));
  const [row] = options.lock ? await q.for('update', { of: worksheets }) : await q;
  if (!row) throw notFound();
  requireMemberIn(p, row.program, 'worksheet');
  return row.ws;
}

/** A worksheet with its positions in plate order. */
export async function worksheetDetail(db: Tx, p: Principal, id: number): Promise<WorksheetDetail> {
  await worksheetRow(db, p, id);
  const [item] = await worksheetRows(db).where(eq(worksheets.id, id));
  const positions = await db
    .select({
      well: worksheetPositions.well,
      of: worksheetPositions.duplicateOf,
      kind: worksheetPositions.kind,
      label: worksheetPositions.label,
      expect: worksheetPositions.expect,
      material: worksheetPositions.materialId,
      test_order: worksheetPositions.testOrderId,
      sample: samples.id,
      barcode: samples.barcode,
      priority: orders.priority,
      result_text: worksheetPositions.resultText,
      result_value: worksheetPositions.resultValue,
      outcome: worksheetPositions.outcome,
      note: worksheetPositions.note,
    })
    .from(worksheetPositions)
    .leftJoin(testOrders, eq(testOrders.id, worksheetPositions.testOrderId))
    .leftJoin(samples, eq(samples.id, testOrders.sampleId))
    .leftJoin(orders, eq(orders.id, testOrders.orderId))
    .where(eq(worksheetPositions.worksheetId, id));
  // a duplicate carries the sample of the well it repeats
  const byWell = new Map(positions.map((x) => [x.well, x]));
  for (const x of positions) {
    const of = x.of ? byWell.get(x.of) : undefined;
    if (x.kind === 'duplicate' && of) Object.assign(x, { sample: of.sample, barcode: of.barcode, priority: of.priority });
  }
  const order = plateWells(item!.size as PlateSize, 'row');
  positions.sort((a, b) => order.indexOf(a.well) - order.indexOf(b.well));
  return { ...toItem(item!), positions: positions as WorksheetPosition[] };
}

/**
 * Send a worksheet's samples back to the workplan, in the caller's transaction: the positions close, the samples
 * still on WORKSHEET (12) return to APPROVED (3), and the given tests — whose run failed or gave no result — go to
 * RETEST (9) with the reason, each move with its audit row.
 */
export async function releaseSamples(tx: Tx, p: Principal, worksheetId: number, retest: { testOrder: number; reason: string }[], now: Date): Promise<void> {
  await tx.update(worksheetPositions).set({ open: false }).where(eq(worksheetPositions.worksheetId, worksheetId));
  if (retest.length) {
    const before = await tx
      .select({ id: testOrders.id, status: testOrders.status, sample: testOrders.sampleId })
      .from(testOrders)
      .where(
        inArray(
          testOrders.id,
          retest.map((r) => r.testOrder),
        ),
      );
    await tx
      .update(testOrders)
      .set({ status: R.RETEST })
      .where(
        inArray(
          testOrders.id,
          retest.map((r) => r.testOrder),
        ),
      );
    const why = new Map(retest.map((r) => [r.testOrder, r.reason]));
    await recordAudits(
      tx,
      p,
      before.map((t) => ({
        action: 'test.retest',
        entity: 'sample',
        entityId: String(t.sample),
        fromStatus: t.status,
        toStatus: R.RETEST,
        reason: why.get(t.id) ?? null,
        after: { test_order: t.id, worksheet: worksheetId },
      })),
    );
  }
  // Samples left on WORKSHEET with no other open worksheet go back to the workplan as accepted.
  const back = await tx.execute(sql`
    update samples set status = ${S.APPROVED}, updated_at = ${now.toISOString()}::timestamptz
    where status = ${S.WORKSHEET}
      and id in (select t.sample_id from worksheet_positions wp join test_orders t on t.id = wp.test_order_id where wp.worksheet_id = ${worksheetId})
      and not exists (select 1 from worksheet_positions o join test_orders ot on ot.id = o.test_order_id where ot.sample_id = samples.id and o.open)
    returning id`);
  const ids = ((back as unknown as { rows: { id: number }[] }).rows ?? []).map((r) => r.id);
  await recordAudits(
    tx,
    p,
    ids.map((id) => ({
      action: 'sample.worksheet_left',
      entity: 'sample',
      entityId: String(id),
      fromStatus: S.WORKSHEET,
      toStatus: S.APPROVED,
      reason: 'Back on the workplan',
      after: { worksheet: worksheetId },
    })),
  );
}

/** `POST worksheet/{id}/cancel/`: an open worksheet given up before its run; its samples go back to the workplan as they were. */
export async function cancelWorksheet(tx: Tx, p: Principal, id: number, reason: string, now = new Date()): Promise<WorksheetDetail> {
  const ws = await worksheetRow(tx, p, id, { lock: true });
  if (ws.state !== 'open') throw conflict(`Worksheet ${ws.number} is ${ws.state}; only an open worksheet can be cancelled.`);
  await releaseSamples(tx, p, id, [], now);
  await tx.update(worksheets).set({ state: 'cancelled', closedAt: now, closedBy: p.id, reason }).where(eq(worksheets.id, id));
  await recordAudits(tx, p, [{ action: 'worksheet.cancelled', entity: 'worksheet', entityId: String(id), reason, after: { number: ws.number } }]);
  return worksheetDetail(tx, p, id);
}

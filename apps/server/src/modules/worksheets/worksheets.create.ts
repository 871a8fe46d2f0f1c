/** A worksheet proposed from the workplan and created: the samples to WORKSHEET on the template's plate, in one transaction. */
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import {
  ENTERABLE_TEST_STATUSES,
  type FillOrder,
  type PlateSize,
  plateWells,
  RESULT_STATUS as R,
  SAMPLE_STATUS as S,
  statusName,
  type WorksheetCandidate,
  type worksheetCreateBody,
  type WorksheetDetail,
  type WorksheetProposal,
  type WorksheetTemplateItem,
} from '@nlims/contracts';
import type { z } from 'zod';
import { programsRead, requireIn, requireInAny, roleIn } from '../../core/access.js';
import { nextYearlyNumber, type Tx } from '../../core/db.js';
import { pgError } from '../../core/db-errors.js';
import { conflict, ValidationError } from '../../core/errors.js';
import { recordAudits } from '../audit/audit.service.js';
import { testTypes } from '../catalogue/catalogue.table.js';
import { machineSettings } from '../facility-settings/facility-settings.table.js';
import { assertMachineAvailable } from '../inventory/assets.availability.js';
import { programs } from '../programs/programs.table.js';
import { programIn } from '../samples/forms.js';
import { orders, samples, testOrders } from '../samples/samples.table.js';
import { IN_LAB } from '../samples/workplan.js';
import type { Principal } from '../users/users.service.js';
import { worksheetPositions, worksheets, worksheetTemplates } from './worksheets.table.js';
import { worksheetDetail } from './worksheets.read.js';

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

/** The worksheets as the caller may read them: the list with its search, one row, and the detail with its positions. */
import { and, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  PROGRAMS,
  type PlateSize,
  plateWells,
  type WorksheetDetail,
  type WorksheetItem,
  type worksheetListQuery,
  type WorksheetPosition,
} from '@nlims/contracts';
import type { z } from 'zod';
import { programsWhere, requireInAny, requireMemberIn } from '../../core/access.js';
import type { Tx } from '../../core/db.js';
import { notFound, ValidationError } from '../../core/errors.js';
import { testTypes } from '../catalogue/catalogue.table.js';
import { machineSettings } from '../facility-settings/facility-settings.table.js';
import { programs } from '../programs/programs.table.js';
import { programIn } from '../samples/forms.js';
import { orders, samples, testOrders } from '../samples/samples.table.js';
import type { Principal } from '../users/users.service.js';
import { users } from '../users/users.table.js';
import { worksheetPositions, worksheets, worksheetTemplates } from './worksheets.table.js';

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

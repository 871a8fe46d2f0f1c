import {
  ENTERABLE_TEST_STATUSES,
  type instrumentMachine,
  readInstrumentValue,
  type UnmatchedItem,
  type unmatchedDiscardBody,
  type unmatchedListQuery,
  type unmatchedMatchBody,
  wireValue,
} from '@nlims/contracts';
import { and, desc, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Tx } from '../../core/db.js';
import { conflict, notFound, ValidationError } from '../../core/errors.js';
import type { Principal } from '../../core/principal.js';
import { iso, likeTerm } from '../../core/sql-values.js';
import { recordAudit } from '../audit/audit.service.js';
import { testTypes } from '../catalogue/catalogue.table.js';
import { machineSettings } from '../facility-settings/facility-settings.table.js';
import { programs } from '../programs/programs.table.js';
import { enterResults } from '../results/results.service.js';
import { programIn } from '../samples/forms.js';
import { orders, samples, testOrders } from '../samples/samples.table.js';
import { userName } from '../users/users.service.js';
import { inMachines, queueScope, rowSeen } from './instruments.access.js';
import { instrumentMessages, instrumentUnmatched } from './instruments.table.js';

export async function listMachines(tx: Tx, p: Principal): Promise<z.infer<typeof instrumentMachine>[]> {
  const { facilityId, machines, readable } = await queueScope(tx, p);
  if (!machines.length) return [];
  const rows = await tx
    .select({
      id: machineSettings.id,
      name: machineSettings.name,
      protocol: machineSettings.protocol,
      listen_port: machineSettings.listen_port,
      is_active: machineSettings.is_active,
      // the machine's id named with its table: a one-table select leaves its columns unqualified, and "id" would be the row's
      pending: sql<number>`(select count(*)::int from ${instrumentUnmatched} u where u.machine_id = ${sql.raw('"machine_settings"."id"')} and u.status = 'pending' and ${rowSeen('u', facilityId, readable)})`,
    })
    .from(machineSettings)
    .where(and(eq(machineSettings.facility, facilityId), inArray(machineSettings.id, machines)))
    .orderBy(machineSettings.name);
  return rows.map((r) => ({ ...r, protocol: r.protocol as 'none' | 'hl7' | 'astm' }));
}

const unmatchedColumns = {
  id: instrumentUnmatched.id,
  machine: instrumentUnmatched.machineId,
  machine_name: machineSettings.name,
  message: instrumentUnmatched.messageId,
  barcode: instrumentUnmatched.barcode,
  test_code: instrumentUnmatched.testCode,
  value: instrumentUnmatched.value,
  units: instrumentUnmatched.units,
  flags: instrumentUnmatched.flags,
  reference_range: instrumentUnmatched.referenceRange,
  reason: instrumentUnmatched.reason,
  observed_at: instrumentUnmatched.observedAt,
  received_at: instrumentMessages.receivedAt,
  status: instrumentUnmatched.status,
  test_order: instrumentUnmatched.testOrderId,
  result: instrumentUnmatched.resultId,
  resolution: instrumentUnmatched.resolution,
  resolved_by_name: sql<string | null>`case when ${instrumentUnmatched.resolvedBy} is null then null else ${userName(instrumentUnmatched.resolvedBy)} end`,
  resolved_at: instrumentUnmatched.resolvedAt,
};

type UnmatchedRow = { [K in keyof typeof unmatchedColumns]: unknown };
const unmatchedItemOf = (r: UnmatchedRow): UnmatchedItem =>
  ({ ...r, observed_at: iso(r.observed_at), received_at: iso(r.received_at)!, resolved_at: iso(r.resolved_at) }) as UnmatchedItem;

export async function listUnmatched(tx: Tx, p: Principal, q: z.output<typeof unmatchedListQuery>) {
  const { facilityId, machines, readable } = await queueScope(tx, p);
  const where = and(
    eq(instrumentUnmatched.facilityId, facilityId),
    rowSeen('instrument_unmatched', facilityId, readable),
    inMachines(instrumentUnmatched.machineId, machines),
    eq(instrumentUnmatched.status, q.status),
    q.machine ? eq(instrumentUnmatched.machineId, q.machine) : undefined,
    q.search ? or(ilike(instrumentUnmatched.barcode, likeTerm(q.search)), ilike(instrumentUnmatched.testCode, likeTerm(q.search))) : undefined,
  );
  const rows = await tx
    .select({ ...unmatchedColumns, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(instrumentUnmatched)
    .innerJoin(machineSettings, eq(machineSettings.id, instrumentUnmatched.machineId))
    .innerJoin(instrumentMessages, eq(instrumentMessages.id, instrumentUnmatched.messageId))
    .where(where)
    .orderBy(desc(instrumentUnmatched.id))
    .limit(q.page_size)
    .offset((q.page - 1) * q.page_size);
  return page(
    rows.map(({ total: _t, ...r }) => unmatchedItemOf(r)),
    rows[0]?.total ?? 0,
    q.page,
    q.page_size,
  );
}

export function page<T>(results: T[], count: number, pageNo: number, size: number) {
  return { count, next: pageNo * size < count ? String(pageNo + 1) : null, previous: pageNo > 1 ? String(pageNo - 1) : null, results };
}

/** One queued row, locked, in the caller's scope (404 outside it). */
async function lockedRow(tx: Tx, p: Principal, id: number) {
  const { facilityId, machines, readable } = await queueScope(tx, p);
  const [row] = await tx
    .select({ u: instrumentUnmatched, instrument: machineSettings.instrument, machineName: machineSettings.name })
    .from(instrumentUnmatched)
    .innerJoin(machineSettings, eq(machineSettings.id, instrumentUnmatched.machineId))
    .where(
      and(
        eq(instrumentUnmatched.id, id),
        eq(instrumentUnmatched.facilityId, facilityId),
        inMachines(instrumentUnmatched.machineId, machines),
        rowSeen('instrument_unmatched', facilityId, readable),
      ),
    )
    .for('update', { of: instrumentUnmatched });
  if (!row) throw notFound();
  if (row.u.status !== 'pending') throw conflict(`This result was already ${row.u.status}.`);
  return row;
}

async function unmatchedItem(tx: Tx, id: number): Promise<UnmatchedItem> {
  const [row] = await tx
    .select(unmatchedColumns)
    .from(instrumentUnmatched)
    .innerJoin(machineSettings, eq(machineSettings.id, instrumentUnmatched.machineId))
    .innerJoin(instrumentMessages, eq(instrumentMessages.id, instrumentUnmatched.messageId))
    .where(eq(instrumentUnmatched.id, id));
  return unmatchedItemOf(row!);
}

/**
 * Match a queued result to a test of a sample at the facility: entered ENTERED through `enterResults` by the
 * supervisor (its role in the test's programme checked there), with the machine's instrument; the row, the result and
 * the audit row in the route's one transaction.
 */
export async function matchUnmatched(tx: Tx, p: Principal, id: number, body: z.output<typeof unmatchedMatchBody>): Promise<UnmatchedItem> {
  const row = await lockedRow(tx, p, id);
  const [test] = await tx
    .select({ resultType: testTypes.result_type, facility: testOrders.facilityId })
    .from(testOrders)
    .innerJoin(testTypes, eq(testTypes.id, testOrders.testTypeId))
    .where(eq(testOrders.id, body.test_order));
  if (!test || test.facility !== row.u.facilityId) throw ValidationError.field('test_order', `Invalid pk "${body.test_order}" - object does not exist.`);
  let value: number | string | undefined = body.value;
  if (value === undefined) {
    if (test.resultType === 'numeric') {
      const read = readInstrumentValue(row.u.value);
      if (!read.ok) throw ValidationError.field('value', `The analyser's value "${row.u.value}" is not a result (${read.reason}); enter the value.`);
      value = wireValue(read.value.numeric, read.value.qualifier) ?? undefined;
    } else value = row.u.value.trim();
    if (value === undefined || value === '') throw ValidationError.field('value', 'Enter the value.');
  }
  const { entered } = await enterResults(tx, p, [
    {
      test_order: body.test_order,
      value,
      comment: `${row.machineName}: matched from the unmatched queue`,
      method: null,
      instrument: row.instrument,
      isolates: [],
    },
  ]);
  const result = entered[0]!;
  await tx
    .update(instrumentUnmatched)
    .set({
      status: 'matched',
      testOrderId: body.test_order,
      resultId: result.id,
      resolvedBy: p.id,
      resolvedAt: new Date(),
      resolution: `Matched to test ${body.test_order}`,
    })
    .where(eq(instrumentUnmatched.id, id));
  await recordAudit(tx, p, {
    action: 'instrument.unmatched_matched',
    entity: 'instrument_unmatched',
    entityId: String(id),
    before: { status: 'pending', barcode: row.u.barcode, test_code: row.u.testCode, value: row.u.value },
    after: { status: 'matched', test_order: body.test_order, result: result.id, value },
  });
  return unmatchedItem(tx, id);
}

export async function discardUnmatched(tx: Tx, p: Principal, id: number, body: z.output<typeof unmatchedDiscardBody>): Promise<UnmatchedItem> {
  const row = await lockedRow(tx, p, id);
  await tx
    .update(instrumentUnmatched)
    .set({ status: 'discarded', resolvedBy: p.id, resolvedAt: new Date(), resolution: body.reason })
    .where(eq(instrumentUnmatched.id, id));
  await recordAudit(tx, p, {
    action: 'instrument.unmatched_discarded',
    entity: 'instrument_unmatched',
    entityId: String(id),
    reason: body.reason,
    before: { status: 'pending', barcode: row.u.barcode, test_code: row.u.testCode, value: row.u.value },
    after: { status: 'discarded' },
  });
  return unmatchedItem(tx, id);
}

/** The tests of a barcode at the facility still awaiting a result, to match a queued row to. */
export async function matchCandidates(tx: Tx, p: Principal, barcode: string) {
  const { facilityId, readable } = await queueScope(tx, p);
  const rows = await tx
    .select({
      test_order: testOrders.id,
      barcode: samples.barcode,
      lab_number: orders.labNumber,
      test_name: testTypes.name,
      test_code: testTypes.code,
      program: programs.name,
      status: testOrders.status,
      panel: testTypes.is_panel,
    })
    .from(samples)
    .innerJoin(orders, eq(orders.id, samples.orderId))
    .innerJoin(testOrders, eq(testOrders.sampleId, samples.id))
    .innerJoin(testTypes, eq(testTypes.id, testOrders.testTypeId))
    .innerJoin(programs, eq(programs.id, testOrders.programId))
    .where(
      and(
        eq(samples.facilityId, facilityId),
        programIn(testOrders.programId, readable),
        or(eq(sql`upper(${samples.barcode})`, barcode.toUpperCase()), eq(sql`upper(${orders.labNumber})`, barcode.toUpperCase())),
      ),
    )
    .orderBy(testOrders.id)
    .limit(100);
  return rows.filter((r) => !r.panel && ENTERABLE_TEST_STATUSES.includes(r.status)).map(({ panel: _p, ...r }) => r);
}

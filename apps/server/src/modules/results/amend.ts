import { and, eq, inArray, sql } from 'drizzle-orm';
import { RESULT_STATUS as R, rulesOf, wireValue } from '@nlims/contracts';
import { facilityScope, mayInAny, requireIn } from '../../core/access.js';
import type { Db, Tx } from '../../core/db.js';
import { conflict, forbidden, notFound, ValidationError } from '../../core/errors.js';
import { recordAudit } from '../audit/audit.service.js';
import { type Principal, signatureValid } from '../users/users.service.js';
import { testTypes } from '../catalogue/catalogue.table.js';
import { clients } from '../clients/clients.table.js';
import { programs } from '../programs/programs.table.js';
import { orders, testOrders } from '../samples/samples.table.js';
import { lifecycle } from '../samples/lifecycle.js';
import { OPEN_AMENDMENT, results } from '../samples/results.table.js';
import { sampleResults } from '../samples/sample-results.js';
import { checkValue } from './results.service.js';

export interface AmendInput {
  value: number | string;
  reason: string;
  comment: string;
  password: string;
  address: string;
}

/** Amends in at least one programme (the result's programme is checked in the amendment); the route's gate too. */
export function requireAmendSomewhere(p: Principal): void {
  if (!mayInAny(p, 'amend')) throw forbidden('Only a supervisor may amend a released result.');
}

/** Before an amendment's transaction: the proposer enters results somewhere and signs with the right password (the throttle counts it). */
export async function prepareAmendment(db: Db, p: Principal, input: Pick<AmendInput, 'password' | 'address'>): Promise<void> {
  // The role is checked in the result's programme in the amendment; one that can amend nowhere is refused before the password is tried.
  requireAmendSomewhere(p);
  if (!(await signatureValid(db, p, input.password, input.address)))
    throw ValidationError.field('password', 'Your password is not correct; the amendment was not entered.');
}

/** The amendment itself, in the caller's transaction (after `prepareAmendment`). */
/**
 * Propose the amendment of a released result: the corrected value enters as
 * a new version with a reason, confirmed by the proposer's password, and then
 * goes through verification and approval like any result, under the same
 * separation of duties (docs/decisions.md, "Amendment"). Until it is approved
 * the released version stays current and is what the report shows; one
 * amendment at a time per result. In the caller's transaction, after
 * `prepareAmendment`.
 */
export async function amendResult(tx: Tx, p: Principal, id: number, input: Pick<AmendInput, 'value' | 'reason' | 'comment'>) {
  const scope = facilityScope(p);
  const [row] = await tx
    .select({ r: results, test: testTypes, c: clients, sampleId: testOrders.sampleId, program: programs.name })
    .from(results)
    .innerJoin(testOrders, eq(testOrders.id, results.testOrderId))
    .innerJoin(testTypes, eq(testTypes.id, testOrders.testTypeId))
    .innerJoin(orders, eq(orders.id, testOrders.orderId))
    .innerJoin(clients, eq(clients.id, orders.clientId))
    .innerJoin(programs, eq(programs.id, testOrders.programId))
    .where(and(eq(results.id, id), ...(scope == null ? [] : [eq(results.facilityId, scope)])))
    .for('update', { of: results });
  if (!row) throw notFound();
  requireIn(p, row.program, 'amend');
  const computedFrom = rulesOf(row.program).computed?.[row.test.code]?.from;
  if (computedFrom) throw ValidationError.field('value', `This result is computed from ${computedFrom}; amend that one.`);
  if (!row.r.current || row.r.status !== R.APPROVAL) throw conflict('Only the released (approved) result can be amended.');
  // The lock on the released row makes this check and the insert one step for concurrent proposers.
  const open = await tx
    .select({ id: results.id })
    .from(results)
    .where(and(eq(results.amendsId, id), inArray(results.status, OPEN_AMENDMENT)));
  if (open.length) throw conflict('An amendment of this result is already awaiting verification or approval.');
  const checked = await checkValue(
    tx,
    row.test,
    row.c,
    row.r.facilityId,
    { value: input.value, isolates: row.r.isolates, method: row.r.methodId, instrument: row.r.instrumentId },
    { program: row.program, sample: await sampleResults(tx, row.sampleId) },
  );
  const [{ version }] = (await tx
    .select({ version: sql<number>`max(${results.version})::int` })
    .from(results)
    .where(eq(results.testOrderId, row.r.testOrderId))) as [{ version: number }];
  const [created] = await tx
    .insert(results)
    .values({
      testOrderId: row.r.testOrderId,
      facilityId: row.r.facilityId,
      version: version + 1,
      // Not in force until approved: the report keeps the released version meanwhile.
      current: false,
      status: R.ENTERED,
      valueNumeric: checked.valueNumeric,
      valueText: checked.valueText,
      unit: checked.range?.unit || row.r.unit,
      flag: checked.flag,
      refLow: checked.range?.low ?? row.r.refLow,
      refHigh: checked.range?.high ?? row.r.refHigh,
      isolates: row.r.isolates,
      comment: input.comment || row.r.comment,
      methodId: row.r.methodId,
      instrumentId: row.r.instrumentId,
      enteredBy: p.id,
      amendsId: id,
      amendmentReason: input.reason,
    })
    .returning();
  await recordAudit(tx, p, {
    action: 'result.amended',
    entity: 'sample',
    entityId: String(row.sampleId),
    fromStatus: R.APPROVAL,
    toStatus: R.ENTERED,
    reason: input.reason,
    before: { result: id, value: wireValue(row.r.valueNumeric, row.r.valueText) },
    after: { result: created!.id, value: wireValue(checked.valueNumeric, checked.valueText), version: created!.version },
  });
  await amendComputed(tx, p, {
    sampleId: row.sampleId,
    program: row.program,
    source: row.test.code,
    value: wireValue(checked.valueNumeric, checked.valueText),
    reason: input.reason,
    client: row.c,
  });
  // What other modules do with an amendment awaiting review, in this transaction.
  await lifecycle.amended.run({ tx, actor: p, resultId: created!.id, amendsId: id, sampleId: row.sampleId });
  return created!;
}

/**
 * Members computed from an amended result (viral load: the log10 from the
 * copies) are amended with it, with the same reason, and reviewed with it. A
 * member the amended value gives none (target not detected) keeps its
 * released value; the amended copies say what holds.
 */
async function amendComputed(
  tx: Tx,
  p: Principal,
  at: { sampleId: number; program: string; source: string; value: number | string | null; reason: string; client: typeof clients.$inferSelect },
) {
  const computed = Object.entries(rulesOf(at.program).computed ?? {}).filter(([, rule]) => rule.from === at.source);
  for (const [code, rule] of computed) {
    const value = rule.value(at.value);
    if (value == null) continue;
    const [member] = await tx
      .select({ r: results, test: testTypes })
      .from(results)
      .innerJoin(testOrders, eq(testOrders.id, results.testOrderId))
      .innerJoin(testTypes, eq(testTypes.id, testOrders.testTypeId))
      .where(and(eq(testOrders.sampleId, at.sampleId), eq(testTypes.code, code), eq(results.current, true), eq(results.status, R.APPROVAL)))
      .for('update', { of: results });
    if (!member) continue;
    const open = await tx
      .select({ id: results.id })
      .from(results)
      .where(and(eq(results.amendsId, member.r.id), inArray(results.status, OPEN_AMENDMENT)));
    if (open.length) continue;
    const checked = await checkValue(
      tx,
      member.test,
      at.client,
      member.r.facilityId,
      { value, isolates: [], method: member.r.methodId, instrument: member.r.instrumentId },
      { program: at.program, sample: await sampleResults(tx, at.sampleId) },
    );
    const [{ version }] = (await tx
      .select({ version: sql<number>`max(${results.version})::int` })
      .from(results)
      .where(eq(results.testOrderId, member.r.testOrderId))) as [{ version: number }];
    const [created] = await tx
      .insert(results)
      .values({
        testOrderId: member.r.testOrderId,
        facilityId: member.r.facilityId,
        version: version + 1,
        current: false,
        status: R.ENTERED,
        valueNumeric: checked.valueNumeric,
        valueText: checked.valueText,
        unit: member.r.unit,
        flag: checked.flag,
        refLow: member.r.refLow,
        refHigh: member.r.refHigh,
        isolates: [],
        comment: member.r.comment,
        methodId: member.r.methodId,
        instrumentId: member.r.instrumentId,
        enteredBy: p.id,
        amendsId: member.r.id,
        amendmentReason: at.reason,
      })
      .returning();
    await recordAudit(tx, p, {
      action: 'result.amended',
      entity: 'sample',
      entityId: String(at.sampleId),
      fromStatus: R.APPROVAL,
      toStatus: R.ENTERED,
      reason: `${at.reason} (computed from ${at.source})`,
      before: { result: member.r.id, value: wireValue(member.r.valueNumeric, member.r.valueText) },
      after: { result: created!.id, value: wireValue(checked.valueNumeric, checked.valueText), version: created!.version },
    });
  }
}

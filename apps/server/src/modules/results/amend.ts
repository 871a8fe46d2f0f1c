import { and, eq } from 'drizzle-orm';
import { RESULT_STATUS as R } from '@nlims/contracts';
import { facilityScope, requireGeneral } from '../../core/access.js';
import type { Db } from '../../core/db.js';
import { conflict, notFound, ValidationError } from '../../core/errors.js';
import { recordAudit } from '../audit/audit.service.js';
import { signatureValid } from '../auth/passwords.js';
import { testTypes } from '../catalogue/catalogue.table.js';
import { clients } from '../clients/clients.table.js';
import { generalOrders, testOrders } from '../samples/samples.table.js';
import type { Principal } from '../users/principal.js';
import { results } from './results.table.js';
import { checkValue, SIGNATURE_MEANING } from './results.service.js';

export interface AmendInput {
  value: number | string;
  reason: string;
  comment: string;
  password: string;
  address: string;
}

/**
 * Amend a released result: a new version, signed by the supervisor with
 * their password, that the report marks as amended; the released version
 * stays in the history. The amender may not be the person who entered the
 * released result, and the new version records them as its enterer and
 * approver only: it has no verifier (docs/decisions.md, "Amendment").
 */
export async function amendResult(db: Db, p: Principal, id: number, input: AmendInput) {
  requireGeneral(p, 'review');
  if (!(await signatureValid(db, p, input.password, input.address)))
    throw ValidationError.field('password', 'Your password is not correct; the result was not amended.');
  return db.transaction(async (tx) => {
    const scope = facilityScope(p);
    const [row] = await tx
      .select({ r: results, test: testTypes, c: clients, orderId: generalOrders.id })
      .from(results)
      .innerJoin(testOrders, eq(testOrders.id, results.testOrderId))
      .innerJoin(testTypes, eq(testTypes.id, testOrders.testTypeId))
      .innerJoin(generalOrders, eq(generalOrders.id, testOrders.orderId))
      .innerJoin(clients, eq(clients.id, generalOrders.clientId))
      .where(and(eq(results.id, id), ...(scope == null ? [] : [eq(results.facilityId, scope)])))
      .for('update', { of: results });
    if (!row) throw notFound();
    if (!row.r.current || row.r.status !== R.APPROVAL) throw conflict('Only the released (approved) result can be amended.');
    // Separation of duties: whoever entered the released value does not sign its correction.
    if (row.r.enteredBy === p.id) throw conflict('You entered this result; another reviewer must amend it.');
    const checked = await checkValue(tx, row.test, row.c, row.r.facilityId, {
      value: input.value,
      isolates: row.r.isolates,
      method: row.r.methodId,
      instrument: row.r.instrumentId,
    });
    const now = new Date();
    await tx.update(results).set({ current: false }).where(eq(results.id, id));
    const [created] = await tx
      .insert(results)
      .values({
        testOrderId: row.r.testOrderId,
        facilityId: row.r.facilityId,
        version: row.r.version + 1,
        status: R.APPROVAL,
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
        // The amender enters the new value and signs it; nobody else verified it, and the record says so.
        enteredBy: p.id,
        enteredAt: now,
        verifiedBy: null,
        verifiedAt: null,
        approvedBy: p.id,
        approvedAt: now,
        signatureMeaning: SIGNATURE_MEANING,
        amendsId: id,
        amendmentReason: input.reason,
      })
      .returning();
    await recordAudit(tx, p, {
      action: 'result.amended',
      entity: 'general_order',
      entityId: String(row.orderId),
      fromStatus: R.APPROVAL,
      toStatus: R.APPROVAL,
      reason: input.reason,
      before: { result: id, value: row.r.valueNumeric ?? row.r.valueText },
      after: { result: created!.id, value: checked.valueNumeric ?? checked.valueText, version: created!.version },
    });
    return created!;
  });
}

import { and, eq } from 'drizzle-orm';
import { RESULT_STATUS as R } from '@nlims/contracts';
import { facilityScope, requireGeneral } from '../../core/access.js';
import type { Db } from '../../core/db.js';
import { conflict, notFound, ValidationError } from '../../core/errors.js';
import { recordAudit } from '../audit/audit.service.js';
import { verifyPassword } from '../auth/passwords.js';
import { testTypes } from '../catalogue/catalogue.table.js';
import { clients } from '../clients/clients.table.js';
import { generalOrders, testOrders } from '../samples/samples.table.js';
import type { Principal } from '../users/principal.js';
import { users } from '../users/users.table.js';
import { results } from './results.table.js';
import { checkValue, SIGNATURE_MEANING } from './results.service.js';

export interface AmendInput {
  value: number | string;
  reason: string;
  comment: string;
  password: string;
}

/**
 * Amend a released result: a new version, signed by the supervisor with
 * their password, that the report marks as amended; the released version
 * stays in the history.
 */
export async function amendResult(db: Db, p: Principal, id: number, input: AmendInput) {
  requireGeneral(p, 'review');
  const [me] = await db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, p.id));
  if (!me || !(await verifyPassword(me.hash, input.password))) throw ValidationError.field('password', 'Your password is not correct; the result was not amended.');
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
    const checked = await checkValue(tx, row.test, row.c, row.r.facilityId, { value: input.value, isolates: row.r.isolates, method: row.r.methodId, instrument: row.r.instrumentId });
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
        enteredBy: p.id,
        enteredAt: now,
        verifiedBy: p.id,
        verifiedAt: now,
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

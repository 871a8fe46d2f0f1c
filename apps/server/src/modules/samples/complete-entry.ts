import { and, eq } from 'drizzle-orm';
import { RESULT_STATUS as R, SAMPLE_STATUS as S, type CompleteEntryBody } from '@nlims/contracts';
import { requireGeneral } from '../../core/access.js';
import type { Db } from '../../core/db.js';
import { ValidationError } from '../../core/errors.js';
import { recordAudit } from '../audit/audit.service.js';
import { testTypes } from '../catalogue/catalogue.table.js';
import { clients } from '../clients/clients.table.js';
import { facilities } from '../facilities/facilities.table.js';
import { programs } from '../programs/programs.table.js';
import { sampleTypes } from '../reference/reference.table.js';
import { results } from '../results/results.table.js';
import { checkValue } from '../results/results.service.js';
import type { Principal } from '../users/principal.js';
import { nextLabNumber } from './lab-number.js';
import { generalOrders, testOrders } from './samples.table.js';
import { resolveTests, setDueTimes } from './samples.service.js';

/**
 * Retrospective data entry: order, collection, reception and results from a
 * paper record, with their original dates, in one transaction. The results
 * then go through validation and approval like any other.
 */
export async function completeEntry(db: Db, p: Principal, body: CompleteEntryBody): Promise<number> {
  requireGeneral(p, 'order');
  const ordered = new Date(body.ordered_at);
  const collected = new Date(body.collected_at);
  const received = new Date(body.received_at);
  const now = Date.now() + 5 * 60_000;
  if (ordered.getTime() > now) throw ValidationError.field('ordered_at', 'The date is in the future.');
  if (collected < ordered) throw ValidationError.field('collected_at', 'Collection cannot be before the order.');
  if (received < collected) throw ValidationError.field('received_at', 'Reception cannot be before collection.');
  body.results.forEach((r, i) => {
    if (new Date(r.resulted_at) < received) throw ValidationError.field(`results.${i}.resulted_at`, 'A result cannot be before reception.');
  });
  return db.transaction(async (tx) => {
    const [client] = await tx
      .select()
      .from(clients)
      .where(and(eq(clients.id, body.client), eq(clients.facilityId, p.facilityId!)));
    if (!client) throw ValidationError.field('client', `Invalid pk "${body.client}" - object does not exist.`);
    const [type] = await tx.select().from(sampleTypes).where(eq(sampleTypes.id, body.sample_type));
    if (!type) throw ValidationError.field('sample_type', `Invalid pk "${body.sample_type}" - object does not exist.`);
    const tests = await resolveTests(tx, p.facilityId!, body.test_types);
    const byTest = new Map(body.results.map((r, i) => [r.test_type, { ...r, index: i }]));
    for (const id of byTest.keys()) if (!tests.includes(id)) throw ValidationError.field('results', `Test "${id}" is not in this order.`);
    const [facility] = await tx.select().from(facilities).where(eq(facilities.id, p.facilityId!));
    const [general] = await tx.select().from(programs).where(eq(programs.name, 'General'));
    const [order] = await tx
      .insert(generalOrders)
      .values({
        facilityId: facility!.id,
        programId: general!.id,
        clientId: client.id,
        labNumber: await nextLabNumber(tx, facility!.facilityCode, ordered),
        status: byTest.size ? S.ONGOING : S.APPROVED,
        priority: body.priority,
        requestingClinician: body.requesting_clinician,
        clinicalNotes: body.clinical_notes,
        sampleTypeId: type.id,
        collectedAt: collected,
        receivedAt: received,
        retrospective: true,
        createdBy: p.id,
        createdAt: ordered,
        updatedAt: new Date(),
      })
      .returning();
    for (const testTypeId of tests) {
      const entry = byTest.get(testTypeId);
      const [testOrder] = await tx
        .insert(testOrders)
        .values({ orderId: order!.id, facilityId: facility!.id, testTypeId, status: entry ? R.ENTERED : S.APPROVED, createdAt: ordered })
        .returning();
      if (!entry) continue;
      const [test] = await tx.select().from(testTypes).where(eq(testTypes.id, testTypeId));
      const checked = await checkValue(tx, test!, client, facility!.id, { value: entry.value, isolates: [], method: null, instrument: null }).catch(
        (error: unknown) => {
          if (error instanceof ValidationError)
            throw new ValidationError(Object.fromEntries(Object.entries(error.fields).map(([k, v]) => [`results.${entry.index}.${k}`, v])));
          throw error;
        },
      );
      await tx.insert(results).values({
        testOrderId: testOrder!.id,
        facilityId: facility!.id,
        status: R.ENTERED,
        valueNumeric: checked.valueNumeric,
        valueText: checked.valueText,
        unit: checked.range?.unit || test!.unit,
        flag: checked.flag,
        refLow: checked.range?.low ?? null,
        refHigh: checked.range?.high ?? null,
        comment: entry.comment,
        enteredBy: p.id,
        enteredAt: new Date(entry.resulted_at),
      });
    }
    await setDueTimes(tx, order!.id, received, [S.APPROVED, R.ENTERED]);
    await recordAudit(tx, p, {
      action: 'order.retrospective_entry',
      entity: 'general_order',
      entityId: String(order!.id),
      toStatus: order!.status,
      reason: 'Entered from a paper record',
      after: {
        lab_number: order!.labNumber,
        ordered_at: body.ordered_at,
        collected_at: body.collected_at,
        received_at: body.received_at,
        results: body.results.length,
      },
    });
    return order!.id;
  });
}

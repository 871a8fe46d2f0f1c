import { eq, inArray } from 'drizzle-orm';
import { type CompleteEntryBody, type ProgramForm, RESULT_STATUS as R, SAMPLE_STATUS as S } from '@nlims/contracts';
import type { Tx } from '../../core/db.js';
import { ValidationError } from '../../core/errors.js';
import { recordAudit } from '../audit/audit.service.js';
import { testTypes } from '../catalogue/catalogue.table.js';
import { clients } from '../clients/clients.table.js';
import { sampleTypes } from '../reference/reference.table.js';
import type { Principal } from '../users/users.service.js';
import { createOrder, setDueTimes } from '../samples/samples.service.js';
import { samples, testOrders } from '../samples/samples.table.js';
import { checkValue, insertRun } from './results.service.js';

/** A result's field error, named by its place in the body's `results` list. */
function underResult(index: number) {
  return (error: unknown): never => {
    if (error instanceof ValidationError)
      throw new ValidationError(Object.fromEntries(Object.entries(error.fields).map(([k, v]) => [`results.${index}.${k}`, v])));
    throw error;
  };
}

/**
 * Retrospective data entry: order, collection, reception and results from a
 * paper record, with their original dates, in the caller's transaction. It
 * places the order through the order service (the same checks, grouping and
 * audit), then records the collection, the reception and each result; the
 * results then go through validation and approval like any other.
 */
export async function completeEntry(tx: Tx, p: Principal, form: ProgramForm, body: CompleteEntryBody): Promise<number> {
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
  const [type] = await tx.select().from(sampleTypes).where(eq(sampleTypes.id, body.sample_type));
  if (!type) throw ValidationError.field('sample_type', `Invalid pk "${body.sample_type}" - object does not exist.`);
  const placed = await createOrder(tx, p, form, body, { retrospective: true, at: ordered });
  const tests = placed.samples.flatMap((s) => s.tests);
  const byTest = new Map(body.results.map((r, i) => [r.test_type, { ...r, index: i }]));
  for (const id of byTest.keys()) if (!tests.some((t) => t.test_type === id)) throw ValidationError.field('results', `Test "${id}" is not in this order.`);
  const sampleIds = placed.samples.map((s) => s.id);
  // The paper names one specimen: it is the sample's type when the order is one sample.
  const single = sampleIds.length === 1 ? { sampleTypeId: type.id } : {};
  const withResult = new Set(placed.samples.filter((s) => s.tests.some((t) => byTest.has(t.test_type))).map((s) => s.id));
  for (const id of sampleIds)
    await tx
      .update(samples)
      .set({ status: withResult.has(id) ? S.ONGOING : S.APPROVED, collectedAt: collected, receivedAt: received, updatedAt: new Date(), ...single })
      .where(eq(samples.id, id));
  await tx.update(testOrders).set({ status: S.APPROVED }).where(inArray(testOrders.sampleId, sampleIds));
  const [client] = await tx.select().from(clients).where(eq(clients.id, body.client));
  for (const t of tests) {
    const entry = byTest.get(t.test_type);
    if (!entry) continue;
    const [test] = await tx.select().from(testTypes).where(eq(testTypes.id, t.test_type));
    const checked = await checkValue(tx, test!, client!, p.facilityId!, { value: entry.value, isolates: [], method: null, instrument: null }).catch(
      underResult(entry.index),
    );
    await insertRun(
      tx,
      p,
      { id: t.id, facilityId: p.facilityId! },
      test!,
      checked,
      { comment: entry.comment, isolates: [], method: null, instrument: null },
      new Date(entry.resulted_at),
    );
  }
  await setDueTimes(tx, sampleIds, received, [S.APPROVED, R.ENTERED]);
  await recordAudit(tx, p, {
    action: 'order.retrospective_entry',
    entity: 'order',
    entityId: String(placed.order.id),
    toStatus: withResult.size ? S.ONGOING : S.APPROVED,
    reason: 'Entered from a paper record',
    after: {
      lab_number: placed.order.labNumber,
      ordered_at: body.ordered_at,
      collected_at: body.collected_at,
      received_at: body.received_at,
      results: body.results.length,
    },
  });
  return sampleIds[0]!;
}

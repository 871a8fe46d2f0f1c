import { and, eq, inArray, sql } from 'drizzle-orm';
import { CANCELLED_STATUS, FAMILIES, type FollowOn, type OrderBody, type ProgramForm, programFamily, rulesOf, SAMPLE_STATUS as S } from '@nlims/contracts';
import { programsWhere, requireIn } from '../../core/access.js';
import type { Tx } from '../../core/db.js';
import { conflict, forbidden, ValidationError } from '../../core/errors.js';
import { recordAudit } from '../audit/audit.service.js';
import { testTypes, testTypeSampleTypes } from '../catalogue/catalogue.table.js';
import { clients } from '../clients/clients.table.js';
import { facilityTestServices } from '../facility-settings/facility-settings.table.js';
import { facilities } from '../facilities/facilities.table.js';
import { programs } from '../programs/programs.table.js';
import { sampleResults } from './sample-results.js';
import type { Principal } from '../users/users.service.js';
import { programOfOrder } from './forms.js';
import { nextLabNumber } from './lab-number.js';
import { keepFormIdentifiers, validateRequestForm } from './request-form.js';
import { groupBySampleType, type OrderableTest } from './sample-groups.js';
import { orders, samples, testOrders } from './samples.table.js';
import { lifecycle } from './lifecycle.js';
import { lockSample } from './moves.js';

/**
 * Orderable tests of the programme for the facility, each with the sample
 * types it may run on: a panel expands into its member tests; a test must be
 * active and offered by the facility (itself or through its panel).
 */
export async function resolveTests(tx: Tx, facilityId: number, program: { id: number; name: string }, ids: number[]): Promise<OrderableTest[]> {
  const chosen = await tx
    .select()
    .from(testTypes)
    .where(and(inArray(testTypes.id, ids), eq(testTypes.program, program.id), eq(testTypes.is_active, true)));
  const missing = ids.find((id) => !chosen.some((t) => t.id === id));
  if (missing !== undefined) throw ValidationError.field('test_types', `Test "${missing}" is not an active test of the ${program.name} programme.`);
  const offered = new Set(
    (
      await tx
        .select({ id: facilityTestServices.test_type })
        .from(facilityTestServices)
        .where(and(eq(facilityTestServices.facility, facilityId), eq(facilityTestServices.is_active, true)))
    ).map((r) => r.id),
  );
  const notOffered = chosen.find((t) => !offered.has(t.id) && !(t.panel != null && offered.has(t.panel)));
  if (notOffered) throw ValidationError.field('test_types', `${notOffered.name} is not offered by this facility.`);
  const panels = chosen.filter((t) => t.is_panel).map((t) => t.id);
  const members = panels.length
    ? await tx
        .select({ id: testTypes.id, panel: testTypes.panel })
        .from(testTypes)
        .where(and(inArray(testTypes.panel, panels), eq(testTypes.is_active, true)))
        .orderBy(testTypes.id)
    : [];
  // In the order asked for, each panel replaced by its members, so the samples follow the request.
  const testIds = [
    ...new Set(ids.flatMap((id) => (chosen.find((t) => t.id === id)?.is_panel ? members.filter((m) => m.panel === id).map((m) => m.id) : [id]))),
  ];
  const links = testIds.length ? await tx.select().from(testTypeSampleTypes).where(inArray(testTypeSampleTypes.testTypeId, testIds)) : [];
  return testIds.map((id) => ({ id, sampleTypes: links.filter((l) => l.testTypeId === id).map((l) => l.sampleTypeId) }));
}

/**
 * The running status counters (migration 0016) are updated by triggers, and
 * every sample move updates its tests before the sample: test counters, then
 * sample counters. A create inserts the sample first, so without this it would
 * take the two counters in the opposite order and deadlock with a concurrent
 * move (a 500). Locking them up front, tests first, keeps one order for all
 * (a create takes the lab number counter before them; moves never take it).
 */
async function lockCounters(tx: Tx, facilityId: number, programId: number, status: number): Promise<void> {
  await tx.execute(sql`select 1 from status_counts where facility_id = ${facilityId} and program_id = ${programId} and status = ${status}
    and kind in ('test', 'sample') order by kind desc for update`);
}

export interface NewSample {
  id: number;
  barcode: string;
  seq: number;
  sample_type: number | null;
  status: number;
  tests: { id: number; test_type: number; status: number }[];
}

/** Add samples to an order, one per group of tests that share a sample type, numbered after those it has. */
export async function addSamples(
  tx: Tx,
  order: typeof orders.$inferSelect,
  groups: { sampleTypeId: number | null; tests: number[] }[],
  at: Date,
  firstSeq = 1,
): Promise<NewSample[]> {
  await lockCounters(tx, order.facilityId, order.programId, S.ORDERED);
  const created = await tx
    .insert(samples)
    .values(
      groups.map((g, i) => {
        const seq = firstSeq + i;
        return {
          orderId: order.id,
          facilityId: order.facilityId,
          programId: order.programId,
          seq,
          barcode: seq === 1 ? order.labNumber : `${order.labNumber}-${seq}`,
          sampleTypeId: g.sampleTypeId,
          status: S.ORDERED,
          createdAt: at,
          updatedAt: at,
        };
      }),
    )
    .returning();
  const tests = await tx
    .insert(testOrders)
    .values(
      created.flatMap((sample, i) =>
        groups[i]!.tests.map((testTypeId) => ({
          orderId: order.id,
          sampleId: sample.id,
          facilityId: order.facilityId,
          programId: order.programId,
          testTypeId,
          status: S.ORDERED,
          createdAt: at,
        })),
      ),
    )
    .returning();
  return created.map((s) => ({
    id: s.id,
    barcode: s.barcode,
    seq: s.seq,
    sample_type: s.sampleTypeId,
    status: s.status,
    tests: tests.filter((t) => t.sampleId === s.id).map((t) => ({ id: t.id, test_type: t.testTypeId, status: t.status })),
  }));
}

/**
 * Place an order on a programme's form (DESIGN §4): the programme's request
 * form is validated against its schema, the tests are grouped into samples by
 * the sample type they need (each with its own label), and the order, its
 * samples, their tests and the audit row are written in the caller's
 * transaction.
 */
export async function createOrder(tx: Tx, p: Principal, form: ProgramForm, body: OrderBody, options: { retrospective?: boolean; at?: Date } = {}) {
  const program = await programOfOrder(tx, form, body.program);
  requireIn(p, program.name, 'order');
  const requestForm = validateRequestForm(program.name, body.form);
  const [client] = await tx
    .select()
    .from(clients)
    .where(and(eq(clients.id, body.client), eq(clients.facilityId, p.facilityId ?? -1)));
  if (!client) throw ValidationError.field('client', `Invalid pk "${body.client}" - object does not exist.`);
  if (client.mergedInto != null) throw ValidationError.field('client', 'This record was merged into another client; order for that one.');
  await keepFormIdentifiers(tx, program.name, client, requestForm);
  const groups = groupBySampleType(await resolveTests(tx, p.facilityId!, program, body.test_types));
  const [facility] = await tx.select().from(facilities).where(eq(facilities.id, p.facilityId!));
  const at = options.at ?? new Date();
  // The lab number counter first (it serialises a facility's creates), then the status counters.
  const labNumber = await nextLabNumber(tx, facility!.facilityCode, at);
  const [order] = await tx
    .insert(orders)
    .values({
      facilityId: p.facilityId!,
      programId: program.id,
      clientId: client.id,
      labNumber,
      priority: body.priority,
      requestingClinician: body.requesting_clinician,
      clinicianPhone: body.clinician_phone ?? '',
      clinicianEmail: body.clinician_email ?? '',
      clinicalNotes: body.clinical_notes,
      form: requestForm,
      retrospective: options.retrospective ?? false,
      createdBy: p.id,
      createdAt: at,
      updatedAt: at,
    })
    .returning();
  const created = await addSamples(tx, order!, groups, at);
  // What other modules do with a new order, in this transaction (the invoice for its tests).
  await lifecycle.orderCreated.run({ tx, actor: p, orderId: order!.id, at, tests: body.test_types });
  await recordAudit(tx, p, {
    action: 'order.created',
    entity: 'order',
    entityId: String(order!.id),
    toStatus: S.ORDERED,
    after: {
      lab_number: labNumber,
      program: program.name,
      samples: created.map((s) => ({ id: s.id, barcode: s.barcode, sample_type: s.sample_type, tests: s.tests.map((t) => t.test_type) })),
    },
  });
  return { order: order!, program, samples: created };
}

/** Orders tests in at least one of a form's programmes (the order's own programme is checked when it is placed). */
export function requireOrderAmong(p: Principal, formPrograms: readonly string[]): void {
  if (!programsWhere(p, 'order', formPrograms).length) throw forbidden('Your role may not order tests in these programmes.');
}

/**
 * A follow-on that is a new request of the same client (EID: the
 * confirmatory PCR; viral load: the repeat after adherence counselling):
 * an order of the same programme carrying the form the rules give, linked
 * to the sample that asked for it. One per sample (a unique index).
 */
async function requestFollowOn(
  tx: Tx,
  p: Principal,
  sample: { id: number; barcode: string },
  order: typeof orders.$inferSelect,
  program: string,
  due: Required<FollowOn>,
) {
  const [taken] = await tx.select({ lab: orders.labNumber }).from(orders).where(eq(orders.followsSampleId, sample.id));
  if (taken) throw conflict(`This sample's follow-on request was already made: ${taken.lab}.`);
  const [programRow] = await tx.select().from(programs).where(eq(programs.name, program));
  const wanted = await tx
    .select({ id: testTypes.id })
    .from(testTypes)
    .where(and(inArray(testTypes.code, due.codes), eq(testTypes.program, programRow!.id)));
  const made = await createOrder(tx, p, FAMILIES[programFamily(program)].form, {
    program,
    client: order.clientId,
    test_types: wanted.map((w) => w.id),
    priority: order.priority,
    requesting_clinician: order.requestingClinician,
    clinical_notes: `Follow-on request after sample ${sample.barcode}`,
    form: due.form,
  } as OrderBody);
  await tx.update(orders).set({ followsSampleId: sample.id }).where(eq(orders.id, made.order.id));
  await recordAudit(tx, p, {
    action: 'order.follow_on',
    entity: 'order',
    entityId: String(made.order.id),
    toStatus: S.ORDERED,
    reason: `Follow-on request after sample ${sample.barcode}`,
    after: { after_sample: sample.id, codes: due.codes, lab_number: made.order.labNumber },
  });
  return made;
}

/**
 * The programme's next tests for a sample, in one action (TB: Xpert shows
 * rifampicin resistance → LPA, culture and DST): a new sample of the same
 * order, labelled after its others, without re-typing the patient. 409 when
 * the rules ask for nothing, or when those tests are already on the order.
 */
export async function orderFollowOn(tx: Tx, p: Principal, formPrograms: readonly string[], id: number) {
  requireOrderAmong(p, formPrograms);
  const { sample, order, program } = await lockSample(tx, p, id, formPrograms);
  requireIn(p, program, 'order');
  const due = rulesOf(program).followOn?.(await sampleResults(tx, id), order.form) ?? null;
  if (!due?.codes.length) throw conflict('No further tests are due for this sample.');
  const codes = due.codes;
  if (due.form) return requestFollowOn(tx, p, sample, order, program, due as Required<FollowOn>);
  const [programRow] = await tx.select().from(programs).where(eq(programs.name, program));
  const wanted = await tx
    .select({ id: testTypes.id })
    .from(testTypes)
    .where(and(inArray(testTypes.code, codes), eq(testTypes.program, programRow!.id)));
  const tests = await resolveTests(
    tx,
    order.facilityId,
    programRow!,
    wanted.map((w) => w.id),
  );
  const already = await tx
    .select({ id: testOrders.testTypeId })
    .from(testOrders)
    .where(
      and(
        eq(testOrders.orderId, order.id),
        inArray(
          testOrders.testTypeId,
          tests.map((t) => t.id),
        ),
        sql`${testOrders.status} <> ${CANCELLED_STATUS}`,
      ),
    );
  if (already.length) throw conflict('These tests are already ordered on this order.');
  const [{ last }] = (await tx
    .select({ last: sql<number>`max(${samples.seq})::int` })
    .from(samples)
    .where(eq(samples.orderId, order.id))) as [{ last: number }];
  const created = await addSamples(tx, order, groupBySampleType(tests), new Date(), last + 1);
  await recordAudit(tx, p, {
    action: 'order.follow_on',
    entity: 'order',
    entityId: String(order.id),
    toStatus: S.ORDERED,
    reason: `Follow-on tests after sample ${id}`,
    after: { after_sample: id, codes, samples: created.map((s) => ({ id: s.id, barcode: s.barcode })) },
  });
  return { order, program: programRow!, samples: created };
}

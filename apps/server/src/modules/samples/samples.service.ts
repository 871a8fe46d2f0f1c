import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  CANCELLED_STATUS,
  canMove,
  FAMILIES,
  type FollowOn,
  MOVE_PERMISSION,
  type OrderBody,
  type ProgramForm,
  programFamily,
  rulesOf,
  SAMPLE_STATUS as S,
  type SampleAction,
  statusName,
} from '@nlims/contracts';
import { facilityScope, programsWhere, requireIn } from '../../core/access.js';
import type { Tx } from '../../core/db.js';
import { conflict, forbidden, notFound, ValidationError } from '../../core/errors.js';
import { recordAudit, recordAudits } from '../audit/audit.service.js';
import { testTypes, testTypeSampleTypes } from '../catalogue/catalogue.table.js';
import { clients } from '../clients/clients.table.js';
import { facilityTats, facilityTestServices } from '../facility-settings/facility-settings.table.js';
import { facilities } from '../facilities/facilities.table.js';
import { programs } from '../programs/programs.table.js';
import { rejectionReasons, sampleTypes } from '../reference/reference.table.js';
import { sampleResults } from './sample-results.js';
import type { Principal } from '../users/principal.js';
import { programOfOrder } from './forms.js';
import { nextLabNumber } from './lab-number.js';
import { keepFormIdentifiers, validateRequestForm } from './request-form.js';
import { groupBySampleType, type OrderableTest } from './sample-groups.js';
import { orders, samples, testOrders } from './samples.table.js';
import { lifecycle } from './lifecycle.js';

export const sampleStatusName = (code: number) => (code === CANCELLED_STATUS ? 'CANCELLED' : statusName(S, code));

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

/**
 * The sample rows with their orders, locked in id order for the rest of the transaction (two benches moving
 * overlapping racks cannot deadlock); another facility's (or another form's) sample is a 404.
 */
async function lockSamples(tx: Tx, p: Principal, ids: readonly number[], programs_: readonly string[]) {
  const scope = facilityScope(p);
  const rows = await tx
    .select({ sample: samples, order: orders, program: programs.name })
    .from(samples)
    .innerJoin(orders, eq(orders.id, samples.orderId))
    .innerJoin(programs, eq(programs.id, samples.programId))
    .where(and(inArray(samples.id, [...ids]), ...(scope == null ? [] : [eq(samples.facilityId, scope)])))
    .orderBy(samples.id)
    .for('update', { of: samples });
  if (rows.length !== new Set(ids).size || rows.some((r) => !programs_.includes(r.program))) throw notFound();
  return rows;
}

/** The sample row with its order, locked for the rest of the transaction; another facility's (or another form's) sample is a 404. */
export async function lockSample(tx: Tx, p: Principal, id: number, programs_: readonly string[]) {
  return (await lockSamples(tx, p, [id], programs_))[0]!;
}

/**
 * Each test is due its turnaround time after reception: the facility's TAT
 * for the test, else the catalogue default. Tests in `from` statuses are
 * stamped (and moved to `to` when given).
 */
export async function setDueTimes(tx: Tx, sampleIds: number[], receivedAt: Date, from: number[], to?: number): Promise<void> {
  await tx.execute(sql`
    update ${testOrders} t set status = ${to === undefined ? sql`t.status` : sql`${to}`},
      due_at = ${receivedAt.toISOString()}::timestamptz + make_interval(hours => coalesce(
        (select f.hours from ${facilityTats} f where f.facility_id = t.facility_id and f.test_type_id = t.test_type_id),
        (select c.default_tat_hours from ${testTypes} c where c.id = t.test_type_id)))
    where t.sample_id in (${sql.join(
      sampleIds.map((s) => sql`${s}`),
      sql`, `,
    )}) and t.status in (${sql.join(
      from.map((f) => sql`${f}`),
      sql`, `,
    )})`);
}

export interface MoveInput {
  collected_at?: string;
  sample_type?: number;
  rejection_reason?: number;
  test_orders?: number[];
  comment?: string;
  reason?: string;
}

/** The move's permission in at least one of a form's programmes (each sample's own programme is checked in the move). */
export function requireMoveAmong(p: Principal, formPrograms: readonly string[], action: SampleAction): void {
  if (!programsWhere(p, MOVE_PERMISSION[action], formPrograms).length) throw forbidden(`Your role may not ${action} samples in these programmes.`);
}

/** Orders tests in at least one of a form's programmes (the order's own programme is checked when it is placed). */
export function requireOrderAmong(p: Principal, formPrograms: readonly string[]): void {
  if (!programsWhere(p, 'order', formPrograms).length) throw forbidden('Your role may not order tests in these programmes.');
}

/**
 * One sample move (DESIGN §3), in the caller's transaction: `moveSamples` with one sample.
 */
export async function moveSample(tx: Tx, p: Principal, formPrograms: readonly string[], id: number, action: SampleAction, input: MoveInput) {
  await moveSamples(tx, p, formPrograms, [id], action, input);
  return id;
}

/**
 * A sample move on one sample or many (a reception bench scanning a rack), in
 * the caller's transaction and set-based, all or nothing: lock the samples in
 * id order (one query), check the caller's role in each sample's programme and
 * that the move is allowed from each one's status (409 otherwise), then write
 * the samples' new status, their tests and one audit row per sample, each in
 * one statement whatever the number of samples. Reception accepts or rejects
 * samples, not orders.
 */
export async function moveSamples(tx: Tx, p: Principal, formPrograms: readonly string[], ids: readonly number[], action: SampleAction, input: MoveInput) {
  requireMoveAmong(p, formPrograms, action);
  const rows = await lockSamples(tx, p, ids, formPrograms);
  for (const { sample, program } of rows) {
    requireIn(p, program, MOVE_PERMISSION[action]);
    if (!canMove(action, sample.status))
      throw conflict(`Cannot ${action} a sample that is ${sampleStatusName(sample.status)}${rows.length > 1 ? ` (${sample.barcode})` : ''}.`);
  }
  const now = new Date();
  const set: Partial<Record<keyof typeof samples.$inferInsert, unknown>> = { updatedAt: now };
  let reason: string | null = input.reason ?? (input.comment || null);
  const all = inArray(samples.id, [...ids]);
  const theirTests = inArray(testOrders.sampleId, [...ids]);

  switch (action) {
    case 'collect': {
      const at = new Date(input.collected_at!);
      if (at.getTime() > now.getTime() + 5 * 60_000) throw ValidationError.field('collected_at', 'The collection time is in the future.');
      const [type] = await tx.select().from(sampleTypes).where(eq(sampleTypes.id, input.sample_type!));
      if (!type) throw ValidationError.field('sample_type', `Invalid pk "${input.sample_type}" - object does not exist.`);
      Object.assign(set, { status: S.COLLECTED, collectedAt: at, sampleTypeId: type.id });
      break;
    }
    case 'accept': {
      Object.assign(set, { status: S.APPROVED, receivedAt: now });
      await setDueTimes(tx, [...ids], now, [S.ORDERED, S.COLLECTED], S.APPROVED);
      break;
    }
    case 'reject': {
      const [why] = await tx.select().from(rejectionReasons).where(eq(rejectionReasons.id, input.rejection_reason!));
      if (!why) throw ValidationError.field('rejection_reason', `Invalid pk "${input.rejection_reason}" - object does not exist.`);
      reason = [why.reason, input.comment].filter(Boolean).join(': ');
      const some = input.test_orders?.length ? input.test_orders : null;
      if (some && ids.length > 1) throw ValidationError.field('test_orders', 'Reject some of the tests of one sample at a time.');
      const open = await tx
        .select({ id: testOrders.id })
        .from(testOrders)
        .where(and(theirTests, inArray(testOrders.status, [S.ORDERED, S.COLLECTED, S.APPROVED])));
      if (some) {
        const unknown = some.find((t) => !open.some((o) => o.id === t));
        if (unknown !== undefined) throw ValidationError.field('test_orders', `Test order "${unknown}" is not an open test of this sample.`);
      }
      const partial = some != null && some.length < open.length;
      const targets = some ?? open.map((o) => o.id);
      if (targets.length)
        await tx
          .update(testOrders)
          .set({ status: S.REJECTED, rejectionReasonId: why.id })
          .where(and(theirTests, inArray(testOrders.id, targets)));
      Object.assign(set, { status: partial ? S.PARTIALLY_REJECTED : S.REJECTED, rejectionReasonId: why.id });
      break;
    }
    case 'hold':
      if (!reason) throw ValidationError.field('reason', 'This field is required.');
      // Each sample remembers its own status, to return to it.
      Object.assign(set, { status: S.ON_HOLD, heldFrom: sql`${samples.status}` });
      break;
    case 'release':
      Object.assign(set, { status: sql`coalesce(${samples.heldFrom}, ${S.ORDERED})`, heldFrom: null });
      break;
    case 'cancel':
      Object.assign(set, { status: CANCELLED_STATUS });
      await tx.update(testOrders).set({ status: CANCELLED_STATUS }).where(theirTests);
      break;
  }
  await tx
    .update(samples)
    .set(set as Partial<typeof samples.$inferInsert>)
    .where(all);
  await recordAudits(
    tx,
    p,
    rows.map(({ sample }) => ({
      action: `sample.${action}`,
      entity: 'sample',
      entityId: String(sample.id),
      fromStatus: sample.status,
      toStatus: action === 'release' ? (sample.heldFrom ?? S.ORDERED) : (set.status as number),
      reason,
    })),
  );
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

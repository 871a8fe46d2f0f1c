import { and, eq, inArray, isNotNull, ne, or, sql } from 'drizzle-orm';
import {
  CANCELLED_STATUS,
  ENTERABLE_TEST_STATUSES,
  RESULT_MOVES,
  RESULT_STATUS as R,
  SAMPLE_STATUS as S,
  statusName,
  type ResultAction,
  type CodedResult,
  type Permission,
  type ResultBody,
  rulesOf,
  censoredFormsOf,
  describeForms,
  parseNumericResult,
  wireValue,
} from '@nlims/contracts';
import { facilityScope, mayInAny, requireIn } from '../../core/access.js';
import type { Db, Tx } from '../../core/db.js';
import { conflict, forbidden, notFound, ValidationError } from '../../core/errors.js';
import { recordAudit, recordAudits } from '../audit/audit.service.js';
import { signatureValid } from '../auth/passwords.js';
import { testTypes } from '../catalogue/catalogue.table.js';
import { clients } from '../clients/clients.table.js';
import { effectiveMeasures } from '../facility-settings/effective-measures.js';
import { facilities } from '../facilities/facilities.table.js';
import { antibiotics, instruments, methods, organisms, resultRejectionReasons } from '../reference/reference.table.js';
import { markCompleted } from '../samples/completion.js';
import { orders, samples, testOrders } from '../samples/samples.table.js';
import { programs } from '../programs/programs.table.js';
import type { Principal } from '../users/principal.js';
import { ageInDays, flagFor, pickRange } from './flags.js';
import { results } from './results.table.js';
import { blockedByQc, QcHold } from '../qc/qc-gate.js';

const ACCEPTED_SAMPLE = [S.APPROVED, S.ONGOING, S.WORKSHEET, S.PARTIALLY_REJECTED];
export const SIGNATURE_MEANING = 'Approved: I have reviewed this result and release it for reporting.';

export async function assertExists(
  tx: Tx,
  table: typeof methods | typeof instruments | typeof organisms | typeof antibiotics,
  id: number | null | undefined,
  field: string,
) {
  if (id == null) return;
  if (!(await tx.select({ id: table.id }).from(table).where(eq(table.id, id))).length)
    throw ValidationError.field(field, `Invalid pk "${id}" - object does not exist.`);
}

type TestRow = typeof testTypes.$inferSelect;
type ClientRow = typeof clients.$inferSelect;

/**
 * Check a value against the test's configuration and flag it against the
 * facility's effective range for this client's sex and age.
 */
export async function checkValue(
  tx: Tx,
  test: TestRow,
  c: ClientRow,
  facilityId: number,
  body: Pick<ResultBody, 'value' | 'isolates' | 'method' | 'instrument'>,
  interpretation?: { program: string; sample: CodedResult[] },
) {
  await assertExists(tx, methods, body.method, 'method');
  await assertExists(tx, instruments, body.instrument, 'instrument');
  let valueNumeric: number | null = null;
  let valueText: string | null = null;
  let flag: string | null = null;
  let range = null;
  if (test.result_type === 'numeric') {
    // A number, or — when the test's codes list them — a censored value: "< n", "> n", target not detected.
    const forms = censoredFormsOf(test.codes);
    const parsed = parseNumericResult(body.value, forms);
    if (!parsed.ok) throw ValidationError.field('value', parsed.message);
    const { numeric, qualifier } = parsed.value;
    if (numeric != null) {
      if ((test.reporting_low != null && numeric < test.reporting_low) || (test.reporting_high != null && numeric > test.reporting_high)) {
        const censored = forms.length ? ` (below or above it, enter ${describeForms(forms)})` : '';
        throw ValidationError.field(
          'value',
          `${qualifier ? 'The limit is outside' : 'Outside'} the reportable range ${test.reporting_low ?? '…'}–${test.reporting_high ?? '…'} ${test.unit}${qualifier ? '' : censored}.`,
        );
      }
      valueNumeric = Number(numeric.toFixed(test.decimals));
    }
    valueText = qualifier;
    const [measure] = await effectiveMeasures(tx as unknown as Db, facilityId, [test.id]);
    range = pickRange(measure?.ranges ?? [], c.sex, ageInDays(c.dateOfBirth));
    // Against the range: a plain number as it is; "< n" only when even its limit is low, "> n" only when its limit is high.
    if (valueNumeric != null && qualifier !== '<' && qualifier !== '>') flag = flagFor(valueNumeric, range);
    else if (valueNumeric != null && qualifier === '<') flag = ['L', 'LL'].includes(flagFor(valueNumeric, range) ?? '') ? flagFor(valueNumeric, range) : null;
    else if (valueNumeric != null && qualifier === '>') flag = ['H', 'HH'].includes(flagFor(valueNumeric, range) ?? '') ? flagFor(valueNumeric, range) : null;
    // The programme's interpretation of a number wins over the range (viral load: UNSUPPRESSED).
    const read = interpretation && rulesOf(interpretation.program).flag?.(test.code, wireValue(valueNumeric, valueText), interpretation.sample);
    if (read) flag = read;
  } else {
    valueText = String(body.value).trim();
    if (!test.is_panel && test.codes.length && !test.codes.includes(valueText))
      throw ValidationError.field('value', `Choose one of: ${test.codes.join(', ')}.`);
    // The programme's interpretation rules flag a coded value (TB: RIF resistance → RR-TB, with INH → MDR-TB).
    if (interpretation) flag = rulesOf(interpretation.program).flag?.(test.code, valueText, interpretation.sample) ?? null;
  }
  if (body.isolates.length && !test.is_culture) throw ValidationError.field('isolates', 'Only culture (M/C/S) tests take organisms.');
  for (const isolate of body.isolates) {
    await assertExists(tx, organisms, isolate.organism, 'isolates');
    for (const a of isolate.antibiogram) await assertExists(tx, antibiotics, a.antibiotic, 'isolates');
  }
  return { valueNumeric, valueText, flag, range };
}

/** The current coded results of a sample by test code, for the programme's interpretation rules. */
export async function sampleResults(tx: Tx, sampleId: number): Promise<CodedResult[]> {
  const rows = await tx
    .select({ code: testTypes.code, value: results.valueText, numeric: results.valueNumeric })
    .from(results)
    .innerJoin(testOrders, eq(testOrders.id, results.testOrderId))
    .innerJoin(testTypes, eq(testTypes.id, testOrders.testTypeId))
    .where(and(eq(testOrders.sampleId, sampleId), eq(results.current, true)));
  return rows.map((r) => ({ code: r.code, value: wireValue(r.numeric, r.value) }));
}

/** A new run of a test: the earlier run leaves force and stays in the history; the value becomes version n + 1. */
export async function insertRun(
  tx: Tx,
  p: Principal,
  t: { id: number; facilityId: number },
  test: TestRow,
  checked: Awaited<ReturnType<typeof checkValue>>,
  body: Pick<ResultBody, 'comment' | 'isolates' | 'method' | 'instrument'>,
  enteredAt?: Date,
) {
  const [{ version }] = (await tx
    .select({ version: sql<number>`coalesce(max(${results.version}), 0)::int` })
    .from(results)
    .where(eq(results.testOrderId, t.id))) as [{ version: number }];
  await tx
    .update(results)
    .set({ current: false })
    .where(and(eq(results.testOrderId, t.id), eq(results.current, true)));
  const [created] = await tx
    .insert(results)
    .values({
      testOrderId: t.id,
      facilityId: t.facilityId,
      version: version + 1,
      status: R.ENTERED,
      valueNumeric: checked.valueNumeric,
      valueText: checked.valueText,
      unit: checked.range?.unit || test.unit,
      flag: checked.flag,
      refLow: checked.range?.low ?? null,
      refHigh: checked.range?.high ?? null,
      isolates: body.isolates,
      comment: body.comment,
      methodId: body.method,
      instrumentId: body.instrument,
      enteredBy: p.id,
      ...(enteredAt ? { enteredAt } : {}),
    })
    .returning();
  await tx.update(testOrders).set({ status: R.ENTERED }).where(eq(testOrders.id, t.id));
  return created!;
}

/**
 * Panel members the sample's results settle as not applying (TB: RIF after
 * MTB NOT DETECTED) are closed — a final status, so the sample can complete —
 * and reopened for a result if a new run of their sibling opens them again.
 * A member closed this way has the sample's status of "cancelled" without its
 * sample being cancelled.
 */
async function settleMembers(tx: Tx, p: Principal, sampleId: number, program: string): Promise<void> {
  const notApplicable = rulesOf(program).notApplicable;
  if (!notApplicable) return;
  const sample = await sampleResults(tx, sampleId);
  const tests = await tx
    .select({ id: testOrders.id, code: testTypes.code, status: testOrders.status })
    .from(testOrders)
    .innerJoin(testTypes, eq(testTypes.id, testOrders.testTypeId))
    .where(eq(testOrders.sampleId, sampleId));
  const close = tests.filter((t) => ENTERABLE_TEST_STATUSES.includes(t.status) && notApplicable(t.code, sample)).map((t) => t.id);
  const reopen = tests.filter((t) => t.status === CANCELLED_STATUS && !notApplicable(t.code, sample)).map((t) => t.id);
  if (close.length) await tx.update(testOrders).set({ status: CANCELLED_STATUS }).where(inArray(testOrders.id, close));
  if (reopen.length) await tx.update(testOrders).set({ status: S.APPROVED }).where(inArray(testOrders.id, reopen));
  await recordAudits(tx, p, [
    ...close.map((id) => ({
      action: 'test.not_applicable',
      entity: 'sample',
      entityId: String(sampleId),
      toStatus: CANCELLED_STATUS,
      reason: 'Not applicable given the other results of the sample',
      after: { test_order: id },
    })),
    ...reopen.map((id) => ({
      action: 'test.reopened',
      entity: 'sample',
      entityId: String(sampleId),
      fromStatus: CANCELLED_STATUS,
      toStatus: S.APPROVED,
      reason: 'Applies again after a new run of the sample',
      after: { test_order: id },
    })),
  ]);
}

/** A computed member's result can still be replaced: waiting for one, or entered or verified but not released. */
const RECOMPUTABLE = [...ENTERABLE_TEST_STATUSES, R.ENTERED, R.VERIFIED];

/**
 * Members computed from the result just entered (viral load: the log10 from
 * the copies) enter with it, as a new run by the same person, in the same
 * transaction, with their own audit row. A member whose value is none (target
 * not detected) is left to `settleMembers`, which closed it.
 */
async function computeMembers(
  tx: Tx,
  p: Principal,
  at: { sampleId: number; facilityId: number; client: ClientRow; program: string; source: string; body: ResultBody },
): Promise<void> {
  const computed = Object.entries(rulesOf(at.program).computed ?? {}).filter(([, rule]) => rule.from === at.source);
  if (!computed.length) return;
  const members = await tx
    .select({ t: testOrders, test: testTypes })
    .from(testOrders)
    .innerJoin(testTypes, eq(testTypes.id, testOrders.testTypeId))
    .where(
      and(
        eq(testOrders.sampleId, at.sampleId),
        inArray(
          testTypes.code,
          computed.map(([code]) => code),
        ),
      ),
    )
    .for('update', { of: testOrders });
  for (const { t, test } of members) {
    if (!(RECOMPUTABLE as number[]).includes(t.status)) continue;
    const sample = await sampleResults(tx, at.sampleId);
    const source = sample.find((r) => r.code === at.source)?.value ?? null;
    const value = computed.find(([code]) => code === test.code)![1].value(source);
    if (value == null) continue;
    const checked = await checkValue(
      tx,
      test,
      at.client,
      at.facilityId,
      { value, isolates: [], method: at.body.method, instrument: null },
      { program: at.program, sample },
    );
    const created = await insertRun(tx, p, t, test, checked, { comment: '', isolates: [], method: at.body.method, instrument: null });
    await recordAudit(tx, p, {
      action: 'result.computed',
      entity: 'sample',
      entityId: String(at.sampleId),
      fromStatus: t.status,
      toStatus: R.ENTERED,
      reason: `Computed from ${at.source}`,
      after: { result: created.id, test_order: t.id, test: test.name, value: wireValue(checked.valueNumeric, checked.valueText), version: created.version },
    });
  }
}

/**
 * Enter a result for a test, in the caller's transaction: checks the caller's
 * role in the sample's programme and the value against the test's
 * configuration, flags it against the facility's effective range, and keeps
 * any earlier run as history (a new version becomes current).
 */
export async function enterResult(tx: Tx, p: Principal, body: ResultBody) {
  if (!mayInAny(p, 'enter')) throw forbidden('Your role may not enter results.');
  const scope = facilityScope(p);
  const [row] = await tx
    .select({ t: testOrders, s: samples, test: testTypes, c: clients, program: programs.name })
    .from(testOrders)
    .innerJoin(samples, eq(samples.id, testOrders.sampleId))
    .innerJoin(orders, eq(orders.id, testOrders.orderId))
    .innerJoin(testTypes, eq(testTypes.id, testOrders.testTypeId))
    .innerJoin(clients, eq(clients.id, orders.clientId))
    .innerJoin(programs, eq(programs.id, testOrders.programId))
    .where(and(eq(testOrders.id, body.test_order), ...(scope == null ? [] : [eq(testOrders.facilityId, scope)])))
    .for('update', { of: testOrders });
  if (!row) throw ValidationError.field('test_order', `Invalid pk "${body.test_order}" - object does not exist.`);
  const { t, s, test, c, program } = row;
  requireIn(p, program, 'enter');
  if (!ACCEPTED_SAMPLE.includes(s.status as never))
    throw conflict(`Results can be entered only for accepted samples; this sample is ${statusName(S, s.status)}.`);
  if (!ENTERABLE_TEST_STATUSES.includes(t.status)) throw conflict(`A result for this test is already ${statusName(R, t.status)}.`);
  // A computed member (the log10) is never typed: only its value computed from the source's current result is taken
  // (a new run after the member alone was rejected or sent for retest); otherwise the source is what to enter.
  const computed = rulesOf(program).computed?.[test.code];
  const sample = await sampleResults(tx, s.id);
  if (computed) {
    const expected = computed.value(sample.find((r) => r.code === computed.from)?.value ?? null);
    if (expected == null || String(expected) !== String(body.value).trim())
      throw ValidationError.field('value', `This result is computed from ${computed.from}; enter that one.`);
  }
  const checked = await checkValue(tx, test, c, s.facilityId, body, { program, sample });
  const created = await insertRun(tx, p, t, test, checked, body);
  if (s.status !== CANCELLED_STATUS) await settleMembers(tx, p, s.id, program);
  await computeMembers(tx, p, { sampleId: s.id, facilityId: s.facilityId, client: c, program, source: test.code, body });
  if (s.status === S.APPROVED || s.status === S.WORKSHEET)
    await tx.update(samples).set({ status: S.ONGOING, updatedAt: new Date() }).where(eq(samples.id, s.id));
  await recordAudit(tx, p, {
    action: 'result.entered',
    entity: 'sample',
    entityId: String(s.id),
    fromStatus: t.status,
    toStatus: R.ENTERED,
    after: {
      result: created.id,
      test_order: t.id,
      test: test.name,
      value: wireValue(checked.valueNumeric, checked.valueText),
      flag: checked.flag,
      version: created.version,
    },
  });
  return created;
}

/** Statuses of an amendment still under review: the released version stays in force meanwhile. */
export const OPEN_AMENDMENT = [R.ENTERED, R.VERIFIED];

/** Results a reviewer can act on: those in force, and amendments awaiting verification or approval. */
export const underReview = () => or(eq(results.current, true), and(isNotNull(results.amendsId), inArray(results.status, OPEN_AMENDMENT)))!;

/** Verifying, rejecting and sending for retest are validation; approving is the release. */
const REVIEW_PERMISSION: Record<ResultAction, Permission> = { verify: 'validate', reject: 'validate', retest: 'validate', approve: 'approve' };
const TARGET: Record<ResultAction, number> = { verify: R.VERIFIED, approve: R.APPROVAL, reject: R.REJECTED, retest: R.RETEST };
const PAST: Record<ResultAction, string> = { verify: 'verified', approve: 'approved', reject: 'rejected', retest: 'sent_for_retest' };

export interface ReviewInput {
  password?: string;
  reason?: number;
  comment?: string;
  retestReason?: string;
  /** The signer's client address, for the password throttle. */
  address?: string;
}

/**
 * What a review settles before its transaction: the reviewer may review in
 * some programme, an approval's signature is right (the password throttle
 * counts the attempt whether or not the review then commits), and a
 * rejection's reason exists. Returns the reason the audit rows record.
 */
export async function prepareReview(db: Db, p: Principal, action: ResultAction, input: ReviewInput): Promise<ReviewReason> {
  // The role is checked per programme in the review; one that can review nowhere is refused before the password is tried.
  if (!mayInAny(p, REVIEW_PERMISSION[action])) throw forbidden(`Your role may not ${action} results.`);
  if (action === 'approve') {
    if (!(await signatureValid(db, p, input.password, input.address ?? '')))
      throw ValidationError.field('password', 'Your password is not correct; the result was not approved.');
  }
  if (action !== 'reject') return { reason: input.retestReason ?? null, reasonId: null };
  const [why] = await db
    .select()
    .from(resultRejectionReasons)
    .where(eq(resultRejectionReasons.id, input.reason ?? -1));
  if (!why) throw ValidationError.field('reason', `Invalid pk "${input.reason}" - object does not exist.`);
  return { reason: [why.reason, input.comment].filter(Boolean).join(': '), reasonId: why.id };
}

export interface ReviewReason {
  reason: string | null;
  /** A rejection's reason from `result_rejection_reason/`. */
  reasonId: number | null;
}

/**
 * Move results, one or many, all or nothing, in the caller's transaction
 * (after `prepareReview`): one conditional UPDATE per step (set-based, never
 * a loop of requests), so two reviewers acting at once get one success and
 * one 409. The roles are checked in each result's programme; the person who
 * entered a result may not verify it; whether the verifier may approve is the
 * facility's setting.
 */
export async function reviewResults(tx: Tx, p: Principal, ids: number[], action: ResultAction, { reason, reasonId }: ReviewReason) {
  const unique = [...new Set(ids)];
  const scope = facilityScope(p);
  const found = await tx
    .select({
      id: results.id,
      status: results.status,
      enteredBy: results.enteredBy,
      verifiedBy: results.verifiedBy,
      testOrderId: results.testOrderId,
      amendsId: results.amendsId,
      sampleId: testOrders.sampleId,
      program: programs.name,
      verifierMayApprove: facilities.verifierMayApprove,
    })
    .from(results)
    .innerJoin(testOrders, eq(testOrders.id, results.testOrderId))
    .innerJoin(programs, eq(programs.id, testOrders.programId))
    .innerJoin(facilities, eq(facilities.id, results.facilityId))
    .where(and(inArray(results.id, unique), underReview(), ...(scope == null ? [] : [eq(results.facilityId, scope)])));
  if (found.length !== unique.length) throw notFound(unique.length === 1 ? 'Not found.' : 'Some of these results were not found.');
  for (const program of new Set(found.map((r) => r.program))) requireIn(p, program, REVIEW_PERMISSION[action]);
  if (action === 'retest' && found.some((r) => r.amendsId != null))
    throw conflict('An amendment is verified, approved or rejected; it is not sent for retest.');
  if (action === 'verify' && found.some((r) => r.enteredBy === p.id)) throw forbidden('You entered this result; another person must verify it.');
  if (action === 'approve' && found.some((r) => r.verifiedBy === p.id && !r.verifierMayApprove))
    throw forbidden('You verified this result; at this facility another person must approve it.');
  if (action === 'approve') {
    const blocked = await blockedByQc(tx, unique);
    if (blocked.length) throw new QcHold(blocked);
  }
  const from = RESULT_MOVES[action] as readonly number[];
  const stamp = new Date();
  const set: Partial<typeof results.$inferInsert> = { status: TARGET[action], statusReason: reason };
  if (action === 'verify') Object.assign(set, { verifiedBy: p.id, verifiedAt: stamp });
  if (action === 'approve') Object.assign(set, { approvedBy: p.id, approvedAt: stamp, signatureMeaning: SIGNATURE_MEANING });
  if (action === 'reject') set.rejectionReasonId = reasonId;
  const moved = await tx
    .update(results)
    .set(set)
    .where(and(inArray(results.id, unique), underReview(), inArray(results.status, [...from]), ...(action === 'verify' ? [ne(results.enteredBy, p.id)] : [])))
    .returning({ id: results.id, testOrderId: results.testOrderId, amendsId: results.amendsId });
  if (moved.length !== unique.length) {
    const stale = found.find((r) => !moved.some((m) => m.id === r.id))!;
    throw conflict(`Cannot ${action} a result that is ${statusName(R, stale.status)}${unique.length > 1 ? '; nothing was changed' : ''}.`);
  }
  // A test's status follows its runs; an amendment leaves the test released while it is reviewed.
  const runs = moved.filter((m) => m.amendsId == null);
  if (runs.length)
    await tx
      .update(testOrders)
      .set({ status: TARGET[action] })
      .where(
        inArray(
          testOrders.id,
          runs.map((m) => m.testOrderId),
        ),
      );
  // An approved amendment takes over from the version it amends, which stays in the history.
  const amended = action === 'approve' ? moved.filter((m) => m.amendsId != null) : [];
  if (amended.length) {
    await tx
      .update(results)
      .set({ current: false })
      .where(
        inArray(
          results.id,
          amended.map((m) => m.amendsId!),
        ),
      );
    await tx
      .update(results)
      .set({ current: true })
      .where(
        inArray(
          results.id,
          amended.map((m) => m.id),
        ),
      );
  }
  // One audit row per result, in one statement; an approval records the signature's meaning.
  await recordAudits(
    tx,
    p,
    found.map((r) => ({
      action: `result.${PAST[action]}`,
      entity: 'sample',
      entityId: String(r.sampleId),
      fromStatus: r.status,
      toStatus: TARGET[action],
      reason: action === 'approve' ? SIGNATURE_MEANING : reason,
      after: { result: r.id, test_order: r.testOrderId, ...(r.amendsId != null ? { amends: r.amendsId } : {}) },
    })),
  );
  if (action === 'approve')
    await markCompleted(
      tx,
      p,
      found.map((r) => r.sampleId),
      stamp,
    );
  return moved.map((m) => m.id);
}

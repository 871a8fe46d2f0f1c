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
import { recordAudits } from '../audit/audit.service.js';
import { signatureValid } from '../users/passwords.js';
import { testTypes } from '../catalogue/catalogue.table.js';
import { clients } from '../clients/clients.table.js';
import { effectiveMeasures } from '../facility-settings/effective-measures.js';
import { facilities } from '../facilities/facilities.table.js';
import { antibiotics, instruments, methods, organisms, resultRejectionReasons } from '../reference/reference.table.js';
import { markCompleted } from '../samples/completion.js';
import { lifecycle } from '../samples/lifecycle.js';
import { OPEN_AMENDMENT, results } from '../samples/results.table.js';
import { sampleResults, sampleResultsOf } from '../samples/sample-results.js';
import { orders, samples, testOrders } from '../samples/samples.table.js';
import { programs } from '../programs/programs.table.js';
import type { Principal } from '../users/principal.js';
import { ageInDays, flagFor, pickRange } from './flags.js';

const ACCEPTED_SAMPLE = [S.APPROVED, S.ONGOING, S.WORKSHEET, S.PARTIALLY_REJECTED];
export const SIGNATURE_MEANING = 'Approved: I have reviewed this result and release it for reporting.';

type RefTable = typeof methods | typeof instruments | typeof organisms | typeof antibiotics;

/** Every id given (nulls aside) is a row of the reference table, in one query; the first that is not is a 400 on `field`. */
async function assertAllExist(tx: Tx, table: RefTable, ids: readonly (number | null | undefined)[], field: string): Promise<void> {
  const wanted = [...new Set(ids.filter((id): id is number => id != null))];
  if (!wanted.length) return;
  const found = new Set((await tx.select({ id: table.id }).from(table).where(inArray(table.id, wanted))).map((r) => r.id));
  const missing = wanted.find((id) => !found.has(id));
  if (missing !== undefined) throw ValidationError.field(field, `Invalid pk "${missing}" - object does not exist.`);
}

export async function assertExists(tx: Tx, table: RefTable, id: number | null | undefined, field: string) {
  await assertAllExist(tx, table, [id], field);
}

type TestRow = typeof testTypes.$inferSelect;
type ClientRow = typeof clients.$inferSelect;
type Measure = Awaited<ReturnType<typeof effectiveMeasures>>[number];

/** A value to check for a test of a client at a facility, with the programme's interpretation when there is one. */
export interface ValueToCheck {
  test: TestRow;
  client: ClientRow;
  facilityId: number;
  body: Pick<ResultBody, 'value' | 'isolates' | 'method' | 'instrument'>;
  interpretation?: { program: string; sample: CodedResult[] };
}

export interface CheckedValue {
  valueNumeric: number | null;
  valueText: string | null;
  flag: string | null;
  range: ReturnType<typeof pickRange>;
}

/** One value against its test's configuration, flagged against the range (the measure read beforehand); a ValidationError when refused. */
function judgeValue({ test, client: c, body, interpretation }: ValueToCheck, measure: Measure | undefined): CheckedValue {
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
  return { valueNumeric, valueText, flag, range };
}

/**
 * Check values against their tests' configuration and flag them against each facility's effective range for the
 * client's sex and age, in a fixed number of queries whatever their number: each value's verdict, the checked value
 * or the ValidationError that refuses it. A method, instrument, organism or antibiotic that does not exist refuses
 * them all.
 */
export async function checkValues(tx: Tx, items: readonly ValueToCheck[]): Promise<(CheckedValue | ValidationError)[]> {
  await assertAllExist(
    tx,
    methods,
    items.map((i) => i.body.method),
    'method',
  );
  await assertAllExist(
    tx,
    instruments,
    items.map((i) => i.body.instrument),
    'instrument',
  );
  // Checks other modules make before a value is judged (an analyser out of service refuses them all).
  await lifecycle.beforeEntry.run({ tx, items });
  const measures = new Map<string, Measure>();
  for (const facilityId of new Set(items.filter((i) => i.test.result_type === 'numeric').map((i) => i.facilityId))) {
    const tests = [...new Set(items.filter((i) => i.facilityId === facilityId).map((i) => i.test.id))];
    for (const m of await effectiveMeasures(tx as unknown as Db, facilityId, tests)) measures.set(`${facilityId}:${m.test_type}`, m);
  }
  const verdicts = items.map((item) => {
    try {
      return judgeValue(item, measures.get(`${item.facilityId}:${item.test.id}`));
    } catch (error) {
      if (error instanceof ValidationError) return error;
      throw error;
    }
  });
  const isolates = items.flatMap((i, n) => (verdicts[n] instanceof ValidationError ? [] : i.body.isolates));
  await assertAllExist(
    tx,
    organisms,
    isolates.map((x) => x.organism),
    'isolates',
  );
  await assertAllExist(
    tx,
    antibiotics,
    isolates.flatMap((x) => x.antibiogram.map((a) => a.antibiotic)),
    'isolates',
  );
  return verdicts;
}

/** One value checked and flagged (checkValues of one); refused with its ValidationError. */
export async function checkValue(
  tx: Tx,
  test: TestRow,
  c: ClientRow,
  facilityId: number,
  body: ValueToCheck['body'],
  interpretation?: ValueToCheck['interpretation'],
): Promise<CheckedValue> {
  const [verdict] = await checkValues(tx, [{ test, client: c, facilityId, body, interpretation }]);
  if (verdict instanceof ValidationError) throw verdict;
  return verdict!;
}

export interface NewRun {
  t: { id: number; facilityId: number };
  test: TestRow;
  checked: CheckedValue;
  body: Pick<ResultBody, 'comment' | 'isolates' | 'method' | 'instrument'>;
  enteredAt?: Date;
}

/**
 * New runs of tests (each test once), in four statements whatever their number: each earlier run leaves force and
 * stays in the history; each value becomes version n + 1 of its test; the tests become ENTERED. In the runs' order.
 */
export async function insertRuns(tx: Tx, p: Principal, runs: readonly NewRun[]) {
  if (!runs.length) return [];
  const ids = runs.map((r) => r.t.id);
  const versions = new Map(
    (
      await tx
        .select({ id: results.testOrderId, version: sql<number>`max(${results.version})::int` })
        .from(results)
        .where(inArray(results.testOrderId, ids))
        .groupBy(results.testOrderId)
    ).map((r) => [r.id, r.version]),
  );
  await tx
    .update(results)
    .set({ current: false })
    .where(and(inArray(results.testOrderId, ids), eq(results.current, true)));
  const created = await tx
    .insert(results)
    .values(
      runs.map(({ t, test, checked, body, enteredAt }) => ({
        testOrderId: t.id,
        facilityId: t.facilityId,
        version: (versions.get(t.id) ?? 0) + 1,
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
      })),
    )
    .returning();
  await tx.update(testOrders).set({ status: R.ENTERED }).where(inArray(testOrders.id, ids));
  const byTest = new Map(created.map((c) => [c.testOrderId, c]));
  return runs.map((r) => byTest.get(r.t.id)!);
}

/** A new run of a test: the earlier run leaves force and stays in the history; the value becomes version n + 1. */
export async function insertRun(tx: Tx, p: Principal, t: NewRun['t'], test: TestRow, checked: CheckedValue, body: NewRun['body'], enteredAt?: Date) {
  return (await insertRuns(tx, p, [{ t, test, checked, body, enteredAt }]))[0]!;
}

/**
 * Panel members the samples' results settle as not applying (TB: RIF after
 * MTB NOT DETECTED) are closed — a final status, so the sample can complete —
 * and reopened for a result if a new run of their sibling opens them again.
 * A member closed this way has the sample's status of "cancelled" without its
 * sample being cancelled. One read of the samples' results and tests, two updates.
 */
async function settleMembers(tx: Tx, p: Principal, entered: readonly { sampleId: number; program: string }[]): Promise<void> {
  const programOf = new Map(entered.filter((e) => rulesOf(e.program).notApplicable).map((e) => [e.sampleId, e.program]));
  if (!programOf.size) return;
  const ids = [...programOf.keys()];
  const sampleRes = await sampleResultsOf(tx, ids);
  const tests = await tx
    .select({ id: testOrders.id, sample: testOrders.sampleId, code: testTypes.code, status: testOrders.status })
    .from(testOrders)
    .innerJoin(testTypes, eq(testTypes.id, testOrders.testTypeId))
    .where(inArray(testOrders.sampleId, ids));
  const notApplicable = (t: (typeof tests)[number]) => rulesOf(programOf.get(t.sample)!).notApplicable!(t.code, sampleRes.get(t.sample) ?? []);
  const close = tests.filter((t) => ENTERABLE_TEST_STATUSES.includes(t.status) && notApplicable(t));
  const reopen = tests.filter((t) => t.status === CANCELLED_STATUS && !notApplicable(t));
  if (close.length)
    await tx
      .update(testOrders)
      .set({ status: CANCELLED_STATUS })
      .where(
        inArray(
          testOrders.id,
          close.map((t) => t.id),
        ),
      );
  if (reopen.length)
    await tx
      .update(testOrders)
      .set({ status: S.APPROVED })
      .where(
        inArray(
          testOrders.id,
          reopen.map((t) => t.id),
        ),
      );
  await recordAudits(tx, p, [
    ...close.map((t) => ({
      action: 'test.not_applicable',
      entity: 'sample',
      entityId: String(t.sample),
      toStatus: CANCELLED_STATUS,
      reason: 'Not applicable given the other results of the sample',
      after: { test_order: t.id },
    })),
    ...reopen.map((t) => ({
      action: 'test.reopened',
      entity: 'sample',
      entityId: String(t.sample),
      fromStatus: CANCELLED_STATUS,
      toStatus: S.APPROVED,
      reason: 'Applies again after a new run of the sample',
      after: { test_order: t.id },
    })),
  ]);
}

/** A computed member's result can still be replaced: waiting for one, or entered or verified but not released. */
const RECOMPUTABLE = [...ENTERABLE_TEST_STATUSES, R.ENTERED, R.VERIFIED];

interface Entered {
  sampleId: number;
  facilityId: number;
  client: ClientRow;
  program: string;
  /** The code of the test entered. */
  source: string;
  body: ResultBody;
}

/**
 * Members computed from the results just entered (viral load: the log10 from
 * the copies) enter with them, as new runs by the same person, in the same
 * transaction, each with its own audit row. A member whose value is none
 * (target not detected) is left to `settleMembers`, which closed it.
 */
async function computeMembers(tx: Tx, p: Principal, entered: readonly Entered[]): Promise<void> {
  const wanted = entered.flatMap((e) =>
    Object.entries(rulesOf(e.program).computed ?? {})
      .filter(([, rule]) => rule.from === e.source)
      .map(([code, rule]) => ({ e, code, rule })),
  );
  if (!wanted.length) return;
  const sampleIds = [...new Set(wanted.map((w) => w.e.sampleId))];
  const members = await tx
    .select({ t: testOrders, test: testTypes })
    .from(testOrders)
    .innerJoin(testTypes, eq(testTypes.id, testOrders.testTypeId))
    .where(and(inArray(testOrders.sampleId, sampleIds), inArray(testTypes.code, [...new Set(wanted.map((w) => w.code))])))
    .for('update', { of: testOrders });
  const sampleRes = await sampleResultsOf(tx, sampleIds);
  const todo = members.flatMap(({ t, test }) => {
    const w = wanted.find((x) => x.e.sampleId === t.sampleId && x.code === test.code);
    if (!w || !(RECOMPUTABLE as number[]).includes(t.status)) return [];
    const sample = sampleRes.get(t.sampleId) ?? [];
    const value = w.rule.value(sample.find((r) => r.code === w.e.source)?.value ?? null);
    return value == null ? [] : [{ w, t, test, value, sample }];
  });
  if (!todo.length) return;
  const verdicts = await checkValues(
    tx,
    todo.map(({ w, test, value, sample }) => ({
      test,
      client: w.e.client,
      facilityId: w.e.facilityId,
      body: { value, isolates: [], method: w.e.body.method, instrument: null },
      interpretation: { program: w.e.program, sample },
    })),
  );
  const refused = verdicts.find((v) => v instanceof ValidationError);
  if (refused) throw refused;
  const created = await insertRuns(
    tx,
    p,
    todo.map(({ w, t, test }, i) => ({
      t,
      test,
      checked: verdicts[i] as CheckedValue,
      body: { comment: '', isolates: [], method: w.e.body.method, instrument: null },
    })),
  );
  await recordAudits(
    tx,
    p,
    todo.map(({ w, t, test }, i) => {
      const checked = verdicts[i] as CheckedValue;
      return {
        action: 'result.computed',
        entity: 'sample',
        entityId: String(w.e.sampleId),
        fromStatus: t.status,
        toStatus: R.ENTERED,
        reason: `Computed from ${w.e.source}`,
        after: {
          result: created[i]!.id,
          test_order: t.id,
          test: test.name,
          value: wireValue(checked.valueNumeric, checked.valueText),
          version: created[i]!.version,
        },
      };
    }),
  );
}

export interface EntryOptions {
  /** Leave out, and report, the values a test refuses (their 400), instead of refusing the whole batch. */
  lenient?: boolean;
}

/** Enters results in at least one programme (each result's programme is checked in the entry); the routes' gate too. */
export function requireEnterSomewhere(p: Principal): void {
  if (!mayInAny(p, 'enter')) throw forbidden('Your role may not enter results.');
}

/** May make this review in at least one programme (each result's programme is checked in the review); the routes' gate too. */
export function requireReviewSomewhere(p: Principal, action: ResultAction): void {
  if (!mayInAny(p, REVIEW_PERMISSION[action])) throw forbidden(`Your role may not ${action} results.`);
}

/**
 * Enter results for tests (each test once), in the caller's transaction and a fixed number of statements however
 * many: checks the caller's role in each sample's programme and each value against its test's configuration, flags
 * it against the facility's effective range for the client's sex and age, keeps any earlier run as history (a new
 * version becomes current), settles and computes the panel members the programme's rules name, moves the samples
 * to ONGOING, and writes an audit row per result. The values of one batch are read against their samples' results
 * as they stood before it (a batch holds one test of each sample: a worksheet's plate). `lenient` leaves out the
 * values a test refuses and returns them with their reason; otherwise the first refuses the batch.
 */
export async function enterResults(tx: Tx, p: Principal, bodies: readonly ResultBody[], options: EntryOptions = {}) {
  requireEnterSomewhere(p);
  const ids = bodies.map((b) => b.test_order);
  if (new Set(ids).size !== ids.length) throw ValidationError.field('test_order', 'A test is entered twice in one request.');
  const scope = facilityScope(p);
  const rows = await tx
    .select({ t: testOrders, s: samples, test: testTypes, c: clients, program: programs.name })
    .from(testOrders)
    .innerJoin(samples, eq(samples.id, testOrders.sampleId))
    .innerJoin(orders, eq(orders.id, testOrders.orderId))
    .innerJoin(testTypes, eq(testTypes.id, testOrders.testTypeId))
    .innerJoin(clients, eq(clients.id, orders.clientId))
    .innerJoin(programs, eq(programs.id, testOrders.programId))
    .where(and(inArray(testOrders.id, ids), ...(scope == null ? [] : [eq(testOrders.facilityId, scope)])))
    .for('update', { of: testOrders });
  const byId = new Map(rows.map((r) => [r.t.id, r]));
  const loaded = bodies.map((body) => {
    const row = byId.get(body.test_order);
    if (!row) throw ValidationError.field('test_order', `Invalid pk "${body.test_order}" - object does not exist.`);
    requireIn(p, row.program, 'enter');
    if (!ACCEPTED_SAMPLE.includes(row.s.status as never))
      throw conflict(`Results can be entered only for accepted samples; this sample is ${statusName(S, row.s.status)}.`);
    if (!ENTERABLE_TEST_STATUSES.includes(row.t.status)) throw conflict(`A result for this test is already ${statusName(R, row.t.status)}.`);
    return { ...row, body };
  });
  const sampleRes = await sampleResultsOf(
    tx,
    loaded.map((l) => l.s.id),
  );
  // A computed member (the log10) is never typed: only its value computed from the source's current result is taken
  // (a new run after the member alone was rejected or sent for retest); otherwise the source is what to enter.
  const verdicts: (CheckedValue | ValidationError | null)[] = loaded.map(({ program, test, s, body }) => {
    const computed = rulesOf(program).computed?.[test.code];
    if (!computed) return null;
    const expected = computed.value(sampleRes.get(s.id)?.find((r) => r.code === computed.from)?.value ?? null);
    return expected == null || String(expected) !== String(body.value).trim()
      ? ValidationError.field('value', `This result is computed from ${computed.from}; enter that one.`)
      : null;
  });
  const toCheck = loaded.flatMap((_, i) => (verdicts[i] ? [] : [i]));
  const checked = await checkValues(
    tx,
    toCheck.map((i) => {
      const { test, c, s, body, program } = loaded[i]!;
      return { test, client: c, facilityId: s.facilityId, body, interpretation: { program, sample: sampleRes.get(s.id) ?? [] } };
    }),
  );
  toCheck.forEach((i, n) => {
    verdicts[i] = checked[n]!;
  });
  const refused = loaded.flatMap((_, i) => (verdicts[i] instanceof ValidationError ? [{ index: i, error: verdicts[i] as ValidationError }] : []));
  if (refused.length && !options.lenient) throw refused[0]!.error;
  const accepted = loaded.flatMap((l, i) => (verdicts[i] instanceof ValidationError ? [] : [{ ...l, checked: verdicts[i] as CheckedValue }]));

  const created = await insertRuns(
    tx,
    p,
    accepted.map((a) => ({ t: a.t, test: a.test, checked: a.checked, body: a.body })),
  );
  // What other modules do with new runs, in this transaction: a critical value's alert, the consumables used.
  await lifecycle.entered.run({ tx, actor: p, runs: created });
  await settleMembers(
    tx,
    p,
    accepted.filter((a) => a.s.status !== CANCELLED_STATUS).map((a) => ({ sampleId: a.s.id, program: a.program })),
  );
  await computeMembers(
    tx,
    p,
    accepted.map((a) => ({ sampleId: a.s.id, facilityId: a.s.facilityId, client: a.c, program: a.program, source: a.test.code, body: a.body })),
  );
  const starting = accepted.filter((a) => a.s.status === S.APPROVED || a.s.status === S.WORKSHEET).map((a) => a.s.id);
  if (starting.length) await tx.update(samples).set({ status: S.ONGOING, updatedAt: new Date() }).where(inArray(samples.id, starting));
  await recordAudits(
    tx,
    p,
    accepted.map((a, i) => ({
      action: 'result.entered',
      entity: 'sample',
      entityId: String(a.s.id),
      fromStatus: a.t.status,
      toStatus: R.ENTERED,
      after: {
        result: created[i]!.id,
        test_order: a.t.id,
        test: a.test.name,
        value: wireValue(a.checked.valueNumeric, a.checked.valueText),
        flag: a.checked.flag,
        version: created[i]!.version,
      },
    })),
  );
  return {
    entered: created,
    refused: refused.map((r) => ({ test_order: bodies[r.index]!.test_order, message: Object.values(r.error.fields).flat().join(' ') })),
  };
}

/** Enter one result (enterResults of one): refused with the first reason. */
export async function enterResult(tx: Tx, p: Principal, body: ResultBody) {
  return (await enterResults(tx, p, [body])).entered[0]!;
}

/** Statuses of an amendment still under review: the released version stays in force meanwhile. */

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
  requireReviewSomewhere(p, action);
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
  // Gates other modules keep on approval (the run's quality control), before anything moves.
  if (action === 'approve') await lifecycle.beforeApproval.run({ tx, actor: p, resultIds: unique });
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
  // What other modules do with approved results, in this transaction (the clinician and client told, once per batch).
  if (action === 'approve') await lifecycle.approved.run({ tx, actor: p, results: moved });
  if (action === 'approve')
    await markCompleted(
      tx,
      p,
      found.map((r) => r.sampleId),
      stamp,
    );
  return moved.map((m) => m.id);
}

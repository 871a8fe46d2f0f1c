import { and, eq, inArray } from 'drizzle-orm';
import {
  CANCELLED_STATUS,
  ENTERABLE_TEST_STATUSES,
  RESULT_STATUS as R,
  SAMPLE_STATUS as S,
  statusName,
  type ResultBody,
  rulesOf,
  wireValue,
} from '@nlims/contracts';
import { facilityScope, mayInAny, requireIn } from '../../core/access.js';
import type { Tx } from '../../core/db.js';
import { conflict, forbidden, ValidationError } from '../../core/errors.js';
import { recordAudits } from '../audit/audit.service.js';
import { testTypes } from '../catalogue/catalogue.table.js';
import { clients } from '../clients/clients.table.js';
import { lifecycle } from '../samples/lifecycle.js';
import { sampleResultsOf } from '../samples/sample-results.js';
import { orders, samples, testOrders } from '../samples/samples.table.js';
import { programs } from '../programs/programs.table.js';
import type { Principal } from '../users/users.service.js';
import { insertRuns, settleMembers, computeMembers } from './runs.js';
import { checkValues, type CheckedValue } from './values.js';

const ACCEPTED_SAMPLE = [S.APPROVED, S.ONGOING, S.WORKSHEET, S.PARTIALLY_REJECTED];

export interface EntryOptions {
  /** Leave out, and report, the values a test refuses (their 400), instead of refusing the whole batch. */
  lenient?: boolean;
}

/** Enters results in at least one programme (each result's programme is checked in the entry); the routes' gate too. */
export function requireEnterSomewhere(p: Principal): void {
  if (!mayInAny(p, 'enter')) throw forbidden('Your role may not enter results.');
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

// The domain's service: entry here; values, runs and review in their own files, offered from here as one service.
export { assertExists, checkValue, checkValues, type CheckedValue, type ValueToCheck } from './values.js';
export { insertRun, insertRuns, type NewRun } from './runs.js';
export { prepareReview, requireReviewSomewhere, type ReviewInput, type ReviewReason, reviewResults, SIGNATURE_MEANING, underReview } from './review.js';

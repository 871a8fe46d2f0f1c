import { and, eq, inArray, sql } from 'drizzle-orm';
import { CANCELLED_STATUS, ENTERABLE_TEST_STATUSES, RESULT_STATUS as R, SAMPLE_STATUS as S, type ResultBody, rulesOf, wireValue } from '@nlims/contracts';
import type { Tx } from '../../core/db.js';
import { ValidationError } from '../../core/errors.js';
import { recordAudits } from '../audit/audit.service.js';
import { testTypes } from '../catalogue/catalogue.table.js';
import { results } from '../samples/results.table.js';
import { sampleResultsOf } from '../samples/sample-results.js';
import { testOrders } from '../samples/samples.table.js';
import type { Principal } from '../users/users.service.js';
import { type CheckedValue, checkValues, type ClientRow, type TestRow } from './values.js';

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
export async function settleMembers(tx: Tx, p: Principal, entered: readonly { sampleId: number; program: string }[]): Promise<void> {
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
export async function computeMembers(tx: Tx, p: Principal, entered: readonly Entered[]): Promise<void> {
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

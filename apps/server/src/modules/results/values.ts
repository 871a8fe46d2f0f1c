import { inArray } from 'drizzle-orm';
import { type CodedResult, type ResultBody, rulesOf, censoredFormsOf, describeForms, parseNumericResult, wireValue } from '@nlims/contracts';
import type { Db, Tx } from '../../core/db.js';
import { ValidationError } from '../../core/errors.js';
import type { testTypes } from '../catalogue/catalogue.table.js';
import type { clients } from '../clients/clients.table.js';
import { effectiveMeasures } from '../facility-settings/effective-measures.js';
import { antibiotics, instruments, methods, organisms } from '../reference/reference.table.js';
import { lifecycle } from '../samples/lifecycle.js';
import { ageInDays, flagFor, pickRange } from './flags.js';

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

export type TestRow = typeof testTypes.$inferSelect;
export type ClientRow = typeof clients.$inferSelect;
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

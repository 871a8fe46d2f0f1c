import { and, eq, inArray } from 'drizzle-orm';
import { type CodedResult, wireValue } from '@nlims/contracts';
import type { Tx } from '../../core/db.js';
import { testTypes } from '../catalogue/catalogue.table.js';
import { results } from './results.table.js';
import { testOrders } from './samples.table.js';

/** The current coded results of samples by test code, for the programmes' interpretation rules: one query, by sample. */
export async function sampleResultsOf(tx: Tx, sampleIds: readonly number[]): Promise<Map<number, CodedResult[]>> {
  const out = new Map<number, CodedResult[]>(sampleIds.map((id) => [id, []]));
  if (!sampleIds.length) return out;
  const rows = await tx
    .select({ sample: testOrders.sampleId, code: testTypes.code, value: results.valueText, numeric: results.valueNumeric })
    .from(results)
    .innerJoin(testOrders, eq(testOrders.id, results.testOrderId))
    .innerJoin(testTypes, eq(testTypes.id, testOrders.testTypeId))
    .where(and(inArray(testOrders.sampleId, [...new Set(sampleIds)]), eq(results.current, true)));
  for (const r of rows) out.get(r.sample)?.push({ code: r.code, value: wireValue(r.numeric, r.value) });
  return out;
}

/** The current coded results of a sample by test code, for the programme's interpretation rules. */
export async function sampleResults(tx: Tx, sampleId: number): Promise<CodedResult[]> {
  return (await sampleResultsOf(tx, [sampleId])).get(sampleId) ?? [];
}

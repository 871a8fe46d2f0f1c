import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clinicalSteps, type CatalogueRow } from '../../test/clinical.js';
import { expectAggregatesConsistent } from '../../test/aggregates.js';
import { createTestApp, type TestApp } from '../../test/harness.js';

let t: TestApp;
let tests: number[];

beforeAll(async () => {
  t = await createTestApp();
  const catalogue: CatalogueRow[] = await clinicalSteps(() => t).catalogue();
  tests = catalogue
    .filter((c) => !c.is_panel && !c.panel)
    .slice(0, 2)
    .map((c) => c.id);
});
afterAll(() => t.close());

describe('orders created while others are cancelled', () => {
  // Creates and moves both update the running status counters; they must take them in one order, or the
  // database breaks the deadlock by failing one transaction (a 500 to the user).
  it('all succeed, concurrently', async () => {
    const { as, newClient } = clinicalSteps(() => t);
    const client = (await newClient()).id;
    const create = () => as('clin_receptionist', 'POST', '/api/general_order/', { client, test_types: tests });
    const existing = await Promise.all(Array.from({ length: 12 }, create));
    expect(existing.map((r) => r.statusCode)).toEqual(Array(12).fill(201));
    const statuses = await Promise.all([
      ...Array.from({ length: 12 }, async () => {
        const r = await create();
        if (r.statusCode === 400) console.log('CREATE400', r.body);
        return r.statusCode;
      }),
      ...existing.map(async (r) => (await as('clin_receptionist', 'POST', `/api/general_order/${r.json().samples[0].id}/cancel/`, {})).statusCode),
    ]);
    expect(statuses.filter((s) => s >= 500)).toEqual([]);
    expect(statuses.filter((s) => s !== 200 && s !== 201)).toEqual([]);
    // The dashboards' daily rows, kept by triggers in each of those transactions, add up.
    await expectAggregatesConsistent(t.database.db);
  });
});

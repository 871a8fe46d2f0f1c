import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clinicalSteps, type CatalogueRow } from '../../test/clinical.js';
import { bearer, createTestApp, type TestApp } from '../../test/harness.js';

let t: TestApp;
let catalogue: CatalogueRow[];
let sampleType: number;

beforeAll(async () => {
  t = await createTestApp();
  const admin = bearer(await t.token('superadmin'));
  catalogue = (await t.app.inject({ url: '/api/test_configuration/?program__name=General', headers: admin })).json();
  sampleType = (await t.app.inject({ url: '/api/sample_type/', headers: admin })).json()[0].id;
});
afterAll(() => t.close());

const { as, acceptedOrder } = clinicalSteps(() => t);

describe('the sample list page', () => {
  it("carries each order's tests (with due times) and the hospital number as the detail does", async () => {
    const single = catalogue.filter((c) => !c.is_panel && !c.panel).slice(0, 2);
    const order = await acceptedOrder(
      single.map((c) => c.id),
      sampleType,
    );
    const detail = (await as('clin_supervisor', 'GET', `/api/general_order/${order.id}/`)).json();
    const page = (await as('clin_supervisor', 'GET', '/api/general_order/?page_size=5')).json();
    const row = page.results.find((r: { id: number }) => r.id === order.id);
    expect(row.hospital_number).toBe(detail.hospital_number);
    expect(row.hospital_number).toMatch(/^H-/);
    expect(row.tests).toEqual(
      detail.tests.map((d: Record<string, unknown>) => ({
        id: d.id,
        test_type: d.test_type,
        test_type_name: d.test_type_name,
        status: d.status,
        due_at: new Date(d.due_at as string).toISOString(),
      })),
    );
    expect(row.tests.every((x: { due_at: string | null }) => x.due_at !== null)).toBe(true);
  });
});

import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../test/harness.js';
import { auditEvents } from './audit.table.js';

let t: TestApp;
let clientId: number;
let orderId: number;

const as = async (user: string, method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(await t.token(user)), ...(payload ? { payload } : {}) });

const rowsOf = (action: string, entity: string) =>
  t.database.db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.action, action), eq(auditEvents.entity, entity)));

beforeAll(async () => {
  t = await createTestApp();
  const catalogue = (await as('superadmin', 'GET', '/api/test_configuration/?program__name=General')).json();
  const test = catalogue.find((c: { panel: number | null; is_panel: boolean }) => !c.panel && !c.is_panel);
  clientId = (
    await as('clin_receptionist', 'POST', '/api/clients/', { first_name: 'Amaka', last_name: 'Viewtrail', sex: 'female', estimated_age_years: 33 })
  ).json().id;
  orderId = (await as('clin_receptionist', 'POST', '/api/general_order/', { client: clientId, test_types: [test.id] })).json().id;
});
afterAll(() => t.close());

describe("views and exports of patients' data are audited", () => {
  it('a client record and a client search each leave one row, the search with its query and count', async () => {
    expect((await as('clin_receptionist', 'GET', `/api/clients/${clientId}/`)).statusCode).toBe(200);
    const [view] = await rowsOf('client.view', 'client');
    expect(view).toMatchObject({ entityId: String(clientId), username: 'clin_receptionist' });
    const list = await as('clin_receptionist', 'GET', '/api/clients/?page=1&search=Viewtrail');
    expect(list.json().count).toBe(1);
    const searches = await rowsOf('client.list', 'client');
    expect(searches).toHaveLength(1);
    expect(searches[0]!.after).toEqual({ query: { page: 1, search: 'Viewtrail' }, count: 1 });
  });

  it('the sample detail with its patient leaves a row, outside the order history', async () => {
    expect((await as('clin_receptionist', 'GET', `/api/general_order/${orderId}/`)).statusCode).toBe(200);
    const [view] = await rowsOf('sample.view', 'sample_access');
    expect(view).toMatchObject({ entityId: String(orderId), username: 'clin_receptionist' });
    const history = (await as('clin_receptionist', 'GET', `/api/general_order/${orderId}/history/`)).json();
    expect(history.map((h: { action: string }) => h.action)).not.toContain('sample.view');
  });

  it('the report PDF, viewed and downloaded, and the label leave their rows', async () => {
    expect((await as('clin_receptionist', 'GET', `/api/general_order/${orderId}/report/`)).statusCode).toBe(200);
    expect((await as('clin_receptionist', 'GET', `/api/general_order/${orderId}/report/?download=1`)).statusCode).toBe(200);
    expect((await as('clin_receptionist', 'GET', `/api/general_order/${orderId}/label/`)).statusCode).toBe(200);
    const [viewed] = await rowsOf('report.view', 'sample_access');
    expect(viewed).toMatchObject({ entityId: String(orderId), after: { format: 'pdf', download: false } });
    const [exported] = await rowsOf('report.export', 'sample_access');
    expect(exported).toMatchObject({ entityId: String(orderId), after: { format: 'pdf', download: true } });
    expect(await rowsOf('label.print', 'sample_access')).toHaveLength(1);
  });

  it('the general report, as JSON and as CSV, leaves one row per request with its query and count', async () => {
    expect((await as('clin_supervisor', 'GET', '/api/general_order_report/?page=1')).statusCode).toBe(200);
    expect((await as('clin_supervisor', 'GET', '/api/general_order_report/?format=csv')).statusCode).toBe(200);
    const [json] = await rowsOf('report.view', 'general_order_report');
    expect(json).toMatchObject({ username: 'clin_supervisor', after: { format: 'json', query: { page: 1 } } });
    expect((json!.after as { count: number }).count).toBeGreaterThan(0);
    const [csv] = await rowsOf('report.export', 'general_order_report');
    expect(csv).toMatchObject({ after: { format: 'csv', query: {} } });
  });
});

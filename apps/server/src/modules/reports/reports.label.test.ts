import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../test/harness.js';

let t: TestApp;
let orderId: number;

const as = async (user: string, url: string) => t.app.inject({ method: 'GET', url, headers: bearer(await t.token(user)) });

beforeAll(async () => {
  t = await createTestApp();
  const headers = bearer(await t.token('clin_receptionist'));
  const catalogue = (await t.app.inject({ url: '/api/test_configuration/?program__name=General', headers })).json();
  const client = (
    await t.app.inject({
      method: 'POST',
      url: '/api/clients/',
      headers,
      payload: { first_name: 'Ngozi', last_name: 'Okafor', sex: 'female', estimated_age_years: 30 },
    })
  ).json();
  orderId = (await t.app.inject({ method: 'POST', url: '/api/general_order/', headers, payload: { client: client.id, test_types: [catalogue[0].id] } })).json()
    .id;
});
afterAll(() => t.close());

describe('specimen label barcodes', () => {
  it.each(['code128', 'datamatrix', 'qrcode'])('draws the label with a %s symbol as vector paths', async (symbology) => {
    const res = await as('clin_receptionist', `/api/general_order/${orderId}/label/?symbology=${symbology}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('draws different symbols for different symbologies, Code 128 by default', async () => {
    const text = async (q: string) => (await as('clin_receptionist', `/api/general_order/${orderId}/label/${q}`)).rawPayload.length;
    const byDefault = await text('');
    expect(await text('?symbology=code128')).toBe(byDefault);
    expect(await text('?symbology=datamatrix')).not.toBe(byDefault);
  });

  it('refuses an unknown symbology, naming it', async () => {
    const res = await as('clin_receptionist', `/api/general_order/${orderId}/label/?symbology=ean13`);
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json())).toEqual(['symbology']);
  });
});

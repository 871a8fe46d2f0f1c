import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROGRAMS } from '@nlims/contracts';
import { bearer, createTestApp, type TestApp } from '../../test/harness.js';

let t: TestApp;
let auth: { authorization: string };
beforeAll(async () => {
  t = await createTestApp();
  auth = bearer(await t.token('clin_receptionist'));
});
afterAll(() => t.close());

const get = (url: string) => t.app.inject({ url, headers: auth });

describe('geography', () => {
  it("lists Nigeria's 36 states and the FCT", async () => {
    const states = (await get('/api/state/')).json();
    expect(states).toHaveLength(37);
    expect(states.map((s: { name: string }) => s.name)).toEqual(expect.arrayContaining(['Lagos', 'Kano', 'FCT', 'Katsina']));
    const lagos = states.find((s: { name: string }) => s.name === 'Lagos');
    expect((await get(`/api/state/${lagos.id}/`)).json()).toEqual(lagos);
    expect((await get('/api/state/999/')).statusCode).toBe(404);
  });

  it('lists 774 LGAs, and those of one state', async () => {
    expect((await get('/api/local_government_area/')).json()).toHaveLength(774);
    const lagos = (await get('/api/state/')).json().find((s: { name: string }) => s.name === 'Lagos');
    const lgas = (await get(`/api/local_government_area/?state=${lagos.id}`)).json();
    expect(lgas).toHaveLength(20);
    expect(lgas.every((l: { state: number }) => l.state === lagos.id)).toBe(true);
  });

  it('answers bad query values with 400 naming the field', async () => {
    const word = await get('/api/local_government_area/?state=abc');
    expect(word.statusCode).toBe(400);
    expect(word.json()).toHaveProperty('state');
    const unknown = await get('/api/local_government_area/?state=9999');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().state[0]).toMatch(/does not exist/);
  });
});

describe('programmes and facilities', () => {
  it('lists the fifteen programmes', async () => {
    expect((await get('/api/program/')).json().map((p: { name: string }) => p.name)).toEqual([...PROGRAMS]);
  });

  it('looks facilities up by state and LGA for any signed-in user', async () => {
    const lagos = (await get('/api/state/')).json().find((s: { name: string }) => s.name === 'Lagos');
    const ikeja = (await get(`/api/local_government_area/?state=${lagos.id}`)).json().find((l: { name: string }) => l.name === 'Ikeja');
    for (const user of ['fed_tier', 'superadmin', 'ph_clerk']) {
      const res = await t.app.inject({ url: `/api/facilities/?facility_state=${lagos.id}&facility_lga=${ikeja.id}`, headers: bearer(await t.token(user)) });
      expect(res.json()).toEqual([
        { id: expect.any(Number), facility_name: 'Ikeja Demo Clinical Laboratory', facility_code: 'LA-IKJ-001' },
        { id: expect.any(Number), facility_name: 'Ikeja Demo Primary Health Centre', facility_code: 'LA-IKJ-002' },
      ]);
    }
    const half = await get(`/api/facilities/?facility_state=${lagos.id}`);
    expect(half.statusCode).toBe(400);
    expect(half.json()).toEqual({ facility_lga: ['This field is required.'] });
    // without both, it is the super admin's facility list
    expect((await get('/api/facilities/')).statusCode).toBe(403);
    const kano = (await get('/api/state/')).json().find((s: { name: string }) => s.name === 'Kano');
    const mismatch = await get(`/api/facilities/?facility_state=${kano.id}&facility_lga=${ikeja.id}`);
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json()).toHaveProperty('facility_lga');
  });

  it('require a signed-in user', async () => {
    for (const url of ['/api/state/', '/api/local_government_area/', '/api/program/', '/api/facilities/?facility_state=1&facility_lga=1']) {
      expect((await t.app.inject({ url })).statusCode, url).toBe(401);
    }
  });
});

describe('service endpoints', () => {
  it('reports health with the database status', async () => {
    const res = await t.app.inject({ url: '/api/health/' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ok', database: 'ok', demo: true });
  });

  it('says whether demo accounts are active, so every page can show the demonstration banner', async () => {
    const plain = await createTestApp({ demo: false });
    try {
      expect((await plain.app.inject({ url: '/api/health/' })).json().demo).toBe(false);
      // a demo install stops showing it once every demo account is disabled
      await t.database.db.execute(sql`update users set is_active = false where is_demo`);
      expect((await t.app.inject({ url: '/api/health/' })).json().demo).toBe(false);
      await t.database.db.execute(sql`update users set is_active = true where is_demo`);
      expect((await t.app.inject({ url: '/api/health/' })).json().demo).toBe(true);
    } finally {
      await plain.close();
    }
  });

  it('publishes the OpenAPI document and its browser', async () => {
    const doc = (await t.app.inject({ url: '/api/openapi.json' })).json();
    expect(doc.openapi).toMatch(/^3\./);
    for (const path of [
      '/api/login/',
      '/api/token/refresh/',
      '/api/users/logout/',
      '/api/users/me/',
      '/api/users/change_password/',
      '/api/state/',
      '/api/local_government_area/',
      '/api/program/',
      '/api/facilities/',
      '/api/health/',
    ]) {
      expect(doc.paths, path).toHaveProperty([path]);
    }
    expect((await t.app.inject({ url: '/api/docs/' })).statusCode).toBe(200);
  });

  it('answers unknown API paths with 404 and a detail', async () => {
    const res = await get('/api/nothing-here/');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: 'Not found.' });
  });
});

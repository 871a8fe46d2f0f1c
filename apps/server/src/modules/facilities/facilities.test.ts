import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../test/harness.js';
import { auditEvents } from '../audit/audit.table.js';

let t: TestApp;
let admin: { authorization: string };
let ids: { oyo: number; ibadan: number; lagos: number; programs: Record<string, number> };
beforeAll(async () => {
  t = await createTestApp();
  admin = bearer(await t.token('superadmin'));
  const states = (await t.app.inject({ url: '/api/state/', headers: admin })).json();
  const oyo = states.find((s: { name: string }) => s.name === 'Oyo').id;
  const lagos = states.find((s: { name: string }) => s.name === 'Lagos').id;
  const ibadan = (await t.app.inject({ url: `/api/local_government_area/?state=${oyo}`, headers: admin }))
    .json()
    .find((l: { name: string }) => l.name === 'Ibadan North').id;
  const programs = Object.fromEntries(
    (await t.app.inject({ url: '/api/program/', headers: admin })).json().map((p: { id: number; name: string }) => [p.name, p.id]),
  );
  ids = { oyo, ibadan, lagos, programs };
});
afterAll(() => t.close());

const body = () => ({
  facility_name: 'Ibadan Teaching Hospital Laboratory',
  facility_code: 'OY-IBN-001',
  facility_type: 'clinical',
  tier: 'Tertiary',
  state: ids.oyo,
  lga: ids.ibadan,
  address: 'Queen Elizabeth Road',
  phone: '+234 803 000 0000',
  email: 'lab@uch.ng',
  programs: [ids.programs.General!, ids.programs.Tuberculosis!],
});

describe('facilities/ (super admin)', () => {
  it('creates, lists, edits and deactivates a facility, with audit rows', async () => {
    const created = await t.app.inject({ method: 'POST', url: '/api/facilities/', headers: admin, payload: body() });
    expect(created.statusCode).toBe(201);
    const f = created.json();
    expect(f).toMatchObject({ facility_code: 'OY-IBN-001', state_name: 'Oyo', lga_name: 'Ibadan North', is_active: true, lab_networks: [] });
    expect(f.programs.sort()).toEqual([ids.programs.General, ids.programs.Tuberculosis].sort());

    const list = (await t.app.inject({ url: '/api/facilities/?page=1&search=Ibadan&Filters.facility_type=clinical', headers: admin })).json();
    expect(list.count).toBe(1);
    expect(list.results[0].id).toBe(f.id);

    const patched = await t.app.inject({
      method: 'PATCH',
      url: `/api/facilities/${f.id}/`,
      headers: admin,
      payload: { is_active: false, programs: [ids.programs.General] },
    });
    expect(patched.json()).toMatchObject({ is_active: false, programs: [ids.programs.General], address: 'Queen Elizabeth Road' });
    const lookup = (await t.app.inject({ url: `/api/facilities/?facility_state=${ids.oyo}&facility_lga=${ids.ibadan}`, headers: admin })).json();
    expect(lookup).toEqual([]);

    const trail = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entity, 'facility'), eq(auditEvents.entityId, String(f.id))));
    expect(trail.map((e) => e.action)).toEqual(['facility.created', 'facility.patched']);
    expect(trail[1]!.before).toMatchObject({ is_active: true });
    expect(trail[1]!.after).toMatchObject({ is_active: false });
  });

  it('names the field on bad input', async () => {
    const dup = await t.app.inject({ method: 'POST', url: '/api/facilities/', headers: admin, payload: { ...body(), facility_code: 'LA-IKJ-001' } });
    expect(dup.statusCode).toBe(400);
    expect(dup.json()).toEqual({ facility_code: [expect.stringMatching(/already exists/)] });
    const wrongLga = await t.app.inject({
      method: 'POST',
      url: '/api/facilities/',
      headers: admin,
      payload: { ...body(), facility_code: 'X-1', state: ids.lagos },
    });
    expect(wrongLga.statusCode).toBe(400);
    expect(wrongLga.json()).toEqual({ lga: ['The LGA is not in the chosen state.'] });
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/facilities/',
      headers: admin,
      payload: { ...body(), facility_code: 'X-2', facility_type: 'military', tier: 'Top', email: 'x', programs: [999] },
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json()).sort()).toEqual(['email', 'facility_type', 'tier']);
    const prog = await t.app.inject({ method: 'POST', url: '/api/facilities/', headers: admin, payload: { ...body(), facility_code: 'X-3', programs: [999] } });
    expect(prog.json()).toHaveProperty('programs');
  });

  it('is for the super admin only', async () => {
    for (const user of ['clin_admin', 'ph_admin', 'clin_supervisor', 'fed_tier', 'lagos_tier']) {
      const headers = bearer(await t.token(user));
      expect((await t.app.inject({ url: '/api/facilities/?page=1', headers })).statusCode, user).toBe(403);
      expect((await t.app.inject({ url: '/api/facilities/1/', headers })).statusCode, user).toBe(403);
      expect((await t.app.inject({ method: 'POST', url: '/api/facilities/', headers, payload: body() })).statusCode, user).toBe(403);
      expect((await t.app.inject({ method: 'PATCH', url: '/api/facilities/1/', headers, payload: { phone: '1' } })).statusCode, user).toBe(403);
    }
    expect((await t.app.inject({ method: 'DELETE', url: '/api/facilities/1/', headers: admin })).statusCode).toBe(404);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../test/harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const get = async (actor: string | null, url: string) => t.app.inject({ url, headers: actor ? bearer(await t.token(actor)) : {} });

describe('look-ups', () => {
  const paths = [
    '/api/tb_form_lookup/',
    '/api/collection_look_up/',
    '/api/general_order_look_up/',
    '/api/test_configuration_look_up/',
    '/api/facility_look_up/',
    '/api/dashboard_filter/',
    '/api/user_location_look_up/',
    '/api/public_health_test_samples_look_up/?program__name=Lassa%20Fever',
  ];

  it('answer any signed-in user and nobody else', async () => {
    for (const path of paths) {
      expect((await get('clin_receptionist', path)).statusCode, path).toBe(200);
      expect((await get(null, path)).statusCode, path).toBe(401);
    }
  });

  it('carry the TB form statuses and the collection lists', async () => {
    expect((await get('ph_clerk', '/api/tb_form_lookup/')).json().test_statuses).toEqual(['Initial', 'Follow-Up', 'Repeat']);
    const collection = (await get('ph_clerk', '/api/collection_look_up/')).json();
    expect(collection.identifier_types.map((i: { name: string }) => i.name)).toContain('Hospital number');
    expect(collection.rejection_reasons.length).toBeGreaterThan(5);
  });

  it('scope places to the tier user, and give nothing without a scope', async () => {
    expect((await get('lagos_tier', '/api/user_location_look_up/')).json()).toEqual([]);
    expect((await get('lagos_tier', '/api/user_location_look_up/?scope=lga')).json()).toHaveLength(20);
    expect((await get('ikeja_tier', '/api/user_location_look_up/?scope=lga')).json().map((l: { name: string }) => l.name)).toEqual(['Ikeja']);
    expect((await get('fed_tier', '/api/user_location_look_up/?scope=state')).json()).toHaveLength(37);
    expect((await get('lagos_tier', '/api/user_location_look_up/?scope=state')).json().map((s: { name: string }) => s.name)).toEqual(['Lagos']);
    const lagosFacilities = (await get('lagos_tier', '/api/facility_look_up/'))
      .json()
      .map((f: { facility_code: string }) => f.facility_code)
      .sort();
    expect(lagosFacilities).toEqual(['LA-IKJ-001', 'LA-LMD-001', 'LA-MSH-001']);
    expect((await get('ikeja_tier', '/api/facility_look_up/')).json()).toHaveLength(1);
    expect((await get('lagos_tier', '/api/user_location_look_up/?scope=planet')).statusCode).toBe(400);
  });

  it('refuse an unknown or missing programme name', async () => {
    expect((await get('ph_clerk', '/api/public_health_test_samples_look_up/')).json()).toHaveProperty('program__name');
    expect((await get('ph_clerk', '/api/test_configuration_look_up/?program__name=Nope')).statusCode).toBe(400);
  });
});

describe('admin dashboard', () => {
  it('counts facilities, users and programmes for the super admin only', async () => {
    const res = await get('superadmin', '/api/admin_dashboard/');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.totals).toMatchObject({ facilities: 5, tier_users: 3 });
    expect(body.facilities_by_state).toHaveLength(37);
    expect(body.facilities_by_state.find((s: { state_name: string }) => s.state_name === 'Lagos').count).toBe(3);
    expect(body.facilities_by_type).toEqual(expect.arrayContaining([{ facility_type: 'public', count: 3 }]));
    expect(body.users_by_role).toEqual(expect.arrayContaining([{ role: 'Supervisor', count: 4 }]));
    for (const actor of ['clin_admin', 'fed_tier', 'ph_supervisor']) expect((await get(actor, '/api/admin_dashboard/')).statusCode, actor).toBe(403);
  });
});

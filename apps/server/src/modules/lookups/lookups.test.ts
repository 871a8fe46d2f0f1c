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

  it('carry the collection lists', async () => {
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
    expect(lagosFacilities).toEqual(['LA-IKJ-001', 'LA-IKJ-002', 'LA-LMD-001', 'LA-MSH-001']);
    expect((await get('ikeja_tier', '/api/facility_look_up/')).json()).toHaveLength(2);
    expect((await get('lagos_tier', '/api/user_location_look_up/?scope=planet')).statusCode).toBe(400);
  });

  it('refuse an unknown or missing programme name', async () => {
    expect((await get('ph_clerk', '/api/public_health_test_samples_look_up/')).json()).toHaveProperty('program__name');
    expect((await get('ph_clerk', '/api/test_configuration_look_up/?program__name=Nope')).statusCode).toBe(400);
  });
});

describe('TB form look-up', () => {
  it('answers users holding a role in Tuberculosis and the super admin; 403 for others', async () => {
    for (const actor of ['ph_receptionist', 'ph_analyst', 'ph_supervisor', 'kano_supervisor', 'ph_admin', 'superadmin'])
      expect((await get(actor, '/api/tb_form_lookup/')).statusCode, actor).toBe(200);
    for (const actor of ['clin_receptionist', 'clin_admin', 'fed_tier']) {
      const res = await get(actor, '/api/tb_form_lookup/');
      expect(res.statusCode, actor).toBe(403);
      expect(res.json()).toEqual({ detail: 'You hold no role in the Tuberculosis programme.' });
    }
    expect((await get(null, '/api/tb_form_lookup/')).statusCode).toBe(401);
  });

  it("carries the form's choices and the TB tests' result vocabularies", async () => {
    const body = (await get('ph_receptionist', '/api/tb_form_lookup/')).json();
    expect(body.choices.test_status).toEqual([
      { value: 'initial', label: 'Initial' },
      { value: 'follow_up', label: 'Follow-Up' },
      { value: 'repeat', label: 'Repeat' },
    ]);
    expect(body.choices.patient_category.map((c: { value: string }) => c.value)).toEqual([
      'new',
      'relapse',
      'treatment_after_failure',
      'treatment_after_loss_to_follow_up',
      'other_previously_treated',
      'unknown',
    ]);
    expect(body.treatment_month).toEqual({ min: 0, max: 36 });
    const sampleType = (name: string) => body.sample_types.find((s: { name: string }) => s.name === name).id;
    expect(body.specimen_sample_types).toMatchObject({ sputum_spot: sampleType('Sputum'), gastric_aspirate: sampleType('Gastric aspirate'), other: null });
    const identifier = (name: string) => body.identifier_types.find((s: { name: string }) => s.name === name).id;
    expect(body.identifier_fields).toEqual({ lga_tb_number: identifier('LGA TB number'), drtb_register_number: identifier('DR register number') });
    expect(body.result_vocabularies['TB-ULTRA-MTB']).toContainEqual({
      value: 'MTB DETECTED TRACE',
      label: 'MTB detected, trace (rifampicin resistance indeterminate)',
    });
    expect(body.result_vocabularies['TB-DST1-RIF']).toEqual([
      { value: 'S', label: 'Susceptible' },
      { value: 'R', label: 'Resistant' },
    ]);
    // panels and numeric members have no vocabulary; every test is of the programme
    expect(body.result_vocabularies).not.toHaveProperty('TB-XPERT');
    expect(body.result_vocabularies).not.toHaveProperty('TB-ZN-COUNT');
    expect(new Set(body.tests.map((t: { program_name: string }) => t.program_name))).toEqual(new Set(['Tuberculosis']));
    expect(body.tests.find((t: { code: string }) => t.code === 'TB-XPERT')).toMatchObject({ is_panel: true });
  });
});

describe('admin dashboard', () => {
  it('counts facilities, users and programmes for the super admin only', async () => {
    const res = await get('superadmin', '/api/admin_dashboard/');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.totals).toMatchObject({ facilities: 8, tier_users: 3 });
    expect(body.facilities_by_state).toHaveLength(37);
    expect(body.facilities_by_state.find((s: { state_name: string }) => s.state_name === 'Lagos').count).toBe(4);
    expect(body.facilities_by_type).toEqual(expect.arrayContaining([{ facility_type: 'public', count: 6 }]));
    expect(body.users_by_role).toEqual(expect.arrayContaining([{ role: 'Supervisor', count: 8 }]));
    for (const actor of ['clin_admin', 'fed_tier', 'ph_supervisor']) expect((await get(actor, '/api/admin_dashboard/')).statusCode, actor).toBe(403);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authUser } from '@nlims/contracts';
import { bearer, createTestApp, type TestApp } from '../../test/harness.js';
import { seedFacility, seedUser } from '../../seed/builders.js';
import { hashPassword } from './users.passwords.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  // A second clinical facility with its own user, to test the facility boundary.
  const other = await seedFacility(t.database.db, {
    name: 'Other Clinic',
    code: 'OT-001',
    type: 'clinical',
    tier: 'Secondary',
    state: 'Oyo',
    lga: 'Ibadan North',
    programs: ['General'],
  });
  await seedUser(t.database.db, {
    username: 'other_analyst',
    passwordHash: await hashPassword('Demo@12345'),
    facilityId: other,
    roles: [['General', 'Analyst']],
  });
});
afterAll(() => t.close());

const me = async (username: string) => (await t.app.inject({ url: '/api/users/me/', headers: bearer(await t.token(username)) })).json();

describe('GET /api/users/me/', () => {
  it('returns every field of the authenticated user for a facility user', async () => {
    const user = await me('ph_supervisor');
    expect(authUser.parse(user)).toBeTruthy();
    expect(user).toMatchObject({
      username: 'ph_supervisor',
      facility_name: 'Yaba Demo Reference Laboratory',
      facility_type: 'public',
      facility_state: 'Lagos',
      facility_lga: 'Lagos Mainland',
      user_location: null,
      is_superuser: false,
      facility_programs: ['Tuberculosis', 'Lassa Fever', 'COVID-19', 'EID', 'Viral Load'],
    });
    expect(user.programs_roles).toEqual(
      ['Tuberculosis', 'Lassa Fever', 'COVID-19', 'EID', 'Viral Load'].map((programs) => ({ programs, roles: 'Supervisor' })),
    );
  });

  it('describes tier users by location', async () => {
    expect(await me('fed_tier')).toMatchObject({ user_location: 1, user_location_name: 'Federal', facility: null, programs_roles: [] });
    expect(await me('lagos_tier')).toMatchObject({ user_location: 2, user_location_name: 'State', state_name: 'Lagos' });
    expect(await me('ikeja_tier')).toMatchObject({ user_location: 3, user_location_name: 'LGA', state_name: 'Lagos', lga_name: 'Ikeja' });
  });

  it('marks the super admin', async () => {
    expect(await me('superadmin')).toMatchObject({ is_superuser: true, facility: null, programs_roles: [] });
  });
});

describe('POST /api/users/change_password/', () => {
  const change = async (actor: string, body: object) =>
    t.app.inject({ method: 'POST', url: '/api/users/change_password/', headers: bearer(await t.token(actor)), payload: body });
  const canLogin = async (username: string, password: string) =>
    (await t.app.inject({ method: 'POST', url: '/api/login/', payload: { username, password }, remoteAddress: '10.9.9.9' })).statusCode === 200;

  it('lets users change their own password with the old one', async () => {
    const missing = await change('clin_clerk', { username: 'clin_clerk', password: 'Kettle-moss-river-8' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ old_password: ['This field is required.'] });
    const wrong = await change('clin_clerk', { username: 'clin_clerk', password: 'Kettle-moss-river-8', old_password: 'nope' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toHaveProperty('old_password');
    const ok = await change('clin_clerk', { username: 'clin_clerk', password: 'Kettle-moss-river-8', old_password: 'Demo@12345' });
    expect(ok.statusCode).toBe(200);
    expect(await canLogin('clin_clerk', 'Kettle-moss-river-8')).toBe(true);
    expect(await canLogin('clin_clerk', 'Demo@12345')).toBe(false);
  });

  it('rejects a weak password naming the field', async () => {
    const res = await change('superadmin', { username: 'clin_manager', password: 'short' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toHaveProperty('password');
  });

  it('refuses common and context-specific passwords, and takes a passphrase of any composition', async () => {
    for (const password of ['password1', 'Password1', 'aaaaaaa1', 'qwertyuiop', 'Yaba-Demo-2026']) {
      const res = await change('superadmin', { username: 'ph_data_analyst', password });
      expect(res.statusCode, password).toBe(400);
      expect(res.json(), password).toEqual({ password: [expect.stringMatching(/too common|too close/)] });
    }
    const withName = await change('superadmin', { username: 'ph_data_analyst', password: 'ph_data_analyst-2026!' });
    expect(withName.json()).toEqual({ password: ['The password must not contain your username.'] });
    // no composition rules: lower-case words alone are fine when they are not guessable
    expect((await change('superadmin', { username: 'ph_data_analyst', password: 'violet harbour kettle moss' })).statusCode).toBe(200);
    // users are held to the same rule when they change their own
    const own = await change('ph_analyst', { username: 'ph_analyst', password: 'Password1', old_password: 'Demo@12345' });
    expect(own.json()).toHaveProperty('password');
  });

  it("lets a facility admin reset their own facility's users, and signs them out", async () => {
    const pair = (await t.app.inject({ method: 'POST', url: '/api/login/', payload: { username: 'clin_analyst', password: 'Demo@12345' } })).json();
    const res = await change('clin_admin', { username: 'clin_analyst', password: 'Quiet-lagoon-reset-9' });
    expect(res.statusCode).toBe(200);
    expect(await canLogin('clin_analyst', 'Quiet-lagoon-reset-9')).toBe(true);
    const refreshed = await t.app.inject({ method: 'POST', url: '/api/token/refresh/', payload: { refresh: pair.refresh } });
    expect(refreshed.statusCode).toBe(401);
  });

  it("refuses a facility admin reaching for another facility's user", async () => {
    expect((await change('clin_admin', { username: 'other_analyst', password: 'Quiet-lagoon-reset-9' })).statusCode).toBe(403);
    expect((await change('ph_admin', { username: 'clin_supervisor', password: 'Quiet-lagoon-reset-9' })).statusCode).toBe(403);
    expect((await change('clin_admin', { username: 'superadmin', password: 'Quiet-lagoon-reset-9' })).statusCode).toBe(403);
  });

  it('lets the super admin reset anyone', async () => {
    expect((await change('superadmin', { username: 'other_analyst', password: 'Quiet-lagoon-reset-9' })).statusCode).toBe(200);
    expect((await change('superadmin', { username: 'no_such_user', password: 'Quiet-lagoon-reset-9' })).statusCode).toBe(404);
  });

  it('refuses every other role', async () => {
    for (const actor of [
      'clin_manager',
      'clin_supervisor',
      'clin_receptionist',
      'clin_data_analyst',
      'ph_supervisor',
      'fed_tier',
      'lagos_tier',
      'ikeja_tier',
    ]) {
      const res = await change(actor, { username: 'clin_receptionist' === actor ? 'clin_manager' : 'clin_receptionist', password: 'Quiet-lagoon-reset-9' });
      expect(res.statusCode, actor).toBe(403);
    }
  });

  it('requires a token', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/users/change_password/', payload: { username: 'x', password: 'Abcdef123' } });
    expect(res.statusCode).toBe(401);
  });
});

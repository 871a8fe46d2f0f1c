import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../test/harness.js';
import { auditEvents } from '../audit/audit.table.js';

let t: TestApp;
let ids: { ikeja: number; yaba: number; lagos: number; ikejaLga: number; kano: number; kanoLab: number };
beforeAll(async () => {
  t = await createTestApp();
  const admin = bearer(await t.token('superadmin'));
  const facilities = (await t.app.inject({ url: '/api/facilities/?page=1&page_size=100', headers: admin })).json().results;
  const byCode = (code: string) => facilities.find((f: { facility_code: string }) => f.facility_code === code);
  const states = (await t.app.inject({ url: '/api/state/', headers: admin })).json();
  const lagos = states.find((s: { name: string }) => s.name === 'Lagos').id;
  const kano = states.find((s: { name: string }) => s.name === 'Kano').id;
  const ikejaLga = (await t.app.inject({ url: `/api/local_government_area/?state=${lagos}`, headers: admin }))
    .json()
    .find((l: { name: string }) => l.name === 'Ikeja').id;
  ids = { ikeja: byCode('LA-IKJ-001').id, yaba: byCode('LA-LMD-001').id, lagos, ikejaLga, kano, kanoLab: byCode('KN-NSW-001').id };
});
afterAll(() => t.close());

const call = async (actor: string, method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(await t.token(actor)), ...(payload ? { payload } : {}) });
const signIn = (username: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/login/', payload: { username, password }, remoteAddress: '10.5.5.5' });

describe('users/ for a facility admin', () => {
  it("creates a user with two programme roles in the admin's own facility, who can then sign in", async () => {
    const res = await call('ph_admin', 'POST', '/api/users/', {
      username: 'new_scientist',
      password: 'Mango-courier-bench-42',
      first_name: 'Ngozi',
      last_name: 'Okafor',
      facility: ids.ikeja, // ignored: a facility admin's users belong to the admin's facility
      programs_roles: [
        { programs: 'Tuberculosis', roles: 'Analyst' },
        { programs: 'EID', roles: 'Supervisor' },
      ],
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ username: 'new_scientist', facility: ids.yaba, facility_name: 'Yaba Demo Reference Laboratory', is_active: true });
    expect(res.json()).not.toHaveProperty('password');
    expect((await signIn('new_scientist', 'Mango-courier-bench-42')).statusCode).toBe(200);
    const token = (await signIn('new_scientist', 'Mango-courier-bench-42')).json().token;
    const me = (await t.app.inject({ url: '/api/users/me/', headers: bearer(token) })).json();
    expect(me.programs_roles).toEqual([
      { programs: 'Tuberculosis', roles: 'Analyst' },
      { programs: 'EID', roles: 'Supervisor' },
    ]);
  });

  it("lists only the admin's own facility's users", async () => {
    const list = (await call('clin_admin', 'GET', '/api/users/?page=1&page_size=100')).json();
    expect(list.results.length).toBe(8);
    expect(list.results.every((u: { facility: number }) => u.facility === ids.ikeja)).toBe(true);
    expect(list.results.find((u: { username: string }) => u.username === 'clin_analyst').programs_roles).toEqual([{ programs: 'General', roles: 'Analyst' }]);
  });

  it("gets 404 for another facility's user, and cannot edit, disable or reset them", async () => {
    const yabaUser = (await call('ph_admin', 'GET', '/api/users/?page=1&search=ph_clerk')).json().results[0];
    expect((await call('clin_admin', 'GET', `/api/users/${yabaUser.id}/`)).statusCode).toBe(404);
    expect((await call('clin_admin', 'PATCH', `/api/users/${yabaUser.id}/`, { first_name: 'X' })).statusCode).toBe(404);
    expect((await call('clin_admin', 'POST', `/api/users/${yabaUser.id}/disable_enable/`)).statusCode).toBe(404);
    expect((await call('clin_admin', 'POST', '/api/users/change_password/', { username: 'ph_clerk', password: 'Quiet-lagoon-reset-9' })).statusCode).toBe(403);
  });

  it('names the field on bad input', async () => {
    const dup = await call('clin_admin', 'POST', '/api/users/', { username: 'clin_clerk', password: 'Mango-courier-bench-42' });
    expect(dup.statusCode).toBe(400);
    expect(dup.json()).toEqual({ username: [expect.stringMatching(/already exists/)] });
    const noPassword = await call('clin_admin', 'POST', '/api/users/', { username: 'nopass' });
    expect(noPassword.json()).toEqual({ password: ['This field is required.'] });
    const program = await call('clin_admin', 'POST', '/api/users/', {
      username: 'tb_person',
      password: 'Mango-courier-bench-42',
      programs_roles: [{ programs: 'Tuberculosis', roles: 'Analyst' }],
    });
    expect(program.json().programs_roles[0]).toMatch(/not a programme of this facility/);
    const role = await call('clin_admin', 'POST', '/api/users/', {
      username: 'bad_role',
      password: 'Mango-courier-bench-42',
      programs_roles: [{ programs: 'General', roles: 'King' }],
    });
    expect(role.json()).toHaveProperty(['programs_roles.0.roles']);
    const tier = await call('clin_admin', 'POST', '/api/users/', { username: 'sneaky', password: 'Mango-courier-bench-42', user_location: 1 });
    expect(tier.json()).toEqual({ user_location: ['Only the super admin creates tier users.'] });
  });

  it('refuses a common or personal password when a user is created', async () => {
    const weak = await call('clin_admin', 'POST', '/api/users/', { username: 'newtech', first_name: 'Chidi', password: 'password1', programs_roles: [] });
    expect(weak.statusCode).toBe(400);
    expect(weak.json()).toEqual({ password: [expect.stringContaining('too common')] });
    const personal = await call('clin_admin', 'POST', '/api/users/', {
      username: 'newtech',
      first_name: 'Chidi',
      password: 'Chidi-newtech-1',
      programs_roles: [],
    });
    expect(personal.json()).toHaveProperty('password');
  });

  it('disables a user, who can no longer sign in or refresh, then re-enables them, with audit rows', async () => {
    const pair = (await signIn('clin_receptionist', 'Demo@12345')).json();
    const target = (await call('clin_admin', 'GET', '/api/users/?page=1&search=clin_receptionist')).json().results[0];
    const off = await call('clin_admin', 'POST', `/api/users/${target.id}/disable_enable/`);
    expect(off.json()).toMatchObject({ is_active: false });
    expect((await signIn('clin_receptionist', 'Demo@12345')).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/token/refresh/', payload: { refresh: pair.refresh } })).statusCode).toBe(401);
    const on = await call('clin_admin', 'POST', `/api/users/${target.id}/disable_enable/`);
    expect(on.json()).toMatchObject({ is_active: true });
    expect((await signIn('clin_receptionist', 'Demo@12345')).statusCode).toBe(200);
    const trail = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entity, 'user'), eq(auditEvents.entityId, String(target.id))));
    // (sign-in rows of the same user are in the trail too)
    expect(trail.map((e) => e.action).filter((a) => a.startsWith('user.'))).toEqual(['user.disabled', 'user.enabled']);
    const self = (await call('clin_admin', 'GET', '/api/users/?page=1&search=clin_admin')).json().results[0];
    expect((await call('clin_admin', 'POST', `/api/users/${self.id}/disable_enable/`)).statusCode).toBe(400);
  });

  it('changes roles with an audit row holding before and after', async () => {
    const target = (await call('clin_admin', 'GET', '/api/users/?page=1&search=clin_manager')).json().results[0];
    const res = await call('clin_admin', 'PATCH', `/api/users/${target.id}/`, { programs_roles: [{ programs: 'General', roles: 'Supervisor' }] });
    expect(res.json().programs_roles).toEqual([{ programs: 'General', roles: 'Supervisor' }]);
    const [row] = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'user.patched'), eq(auditEvents.entityId, String(target.id))));
    expect(row!.before).toMatchObject({ programs_roles: [{ programs: 'General', roles: 'Manager' }] });
    expect(row!.after).toMatchObject({ programs_roles: [{ programs: 'General', roles: 'Supervisor' }] });
  });
});

describe('users/ for the super admin', () => {
  it('creates tier users at each level with their places', async () => {
    const fed = await call('superadmin', 'POST', '/api/users/', { username: 'fed2', password: 'Harmattan-desk-tier-5', user_location: 1 });
    expect(fed.statusCode).toBe(201);
    const lga = await call('superadmin', 'POST', '/api/users/', {
      username: 'ikeja2',
      password: 'Harmattan-desk-tier-5',
      user_location: 3,
      states: ids.lagos,
      lga: ids.ikejaLga,
    });
    expect(lga.json()).toMatchObject({ user_location: 3, state_name: 'Lagos', lga_name: 'Ikeja', facility: null });
    const missing = await call('superadmin', 'POST', '/api/users/', { username: 'state2', password: 'Harmattan-desk-tier-5', user_location: 2 });
    expect(missing.json()).toHaveProperty('states');
    const wrong = await call('superadmin', 'POST', '/api/users/', {
      username: 'lga3',
      password: 'Harmattan-desk-tier-5',
      user_location: 3,
      states: ids.kano,
      lga: ids.ikejaLga,
    });
    expect(wrong.json()).toEqual({ lga: ['The LGA is not in the chosen state.'] });
    const tiers = (await call('superadmin', 'GET', '/api/users/?page=1&Filters.user_location=3')).json();
    expect(tiers.results.map((u: { username: string }) => u.username).sort()).toEqual(['ikeja2', 'ikeja_tier']);
  });

  it("gives a facility its administrator, who then manages that facility's users; lists administrators apart", async () => {
    const res = await call('superadmin', 'POST', '/api/users/', {
      username: 'kano_admin',
      password: 'Sahel-orchid-lantern-31',
      first_name: 'Aisha',
      last_name: 'Sani',
      facility: ids.kanoLab,
      programs_roles: [{ programs: 'Tuberculosis', roles: 'Admin' }],
    });
    expect(res.statusCode, res.body).toBe(201);
    const notRun = await call('superadmin', 'POST', '/api/users/', {
      username: 'kano_admin2',
      password: 'Sahel-orchid-lantern-31',
      facility: ids.kanoLab,
      programs_roles: [{ programs: 'General', roles: 'Admin' }],
    });
    expect(notRun.json()).toEqual({ programs_roles: ['"General" is not a programme of this facility.'] });

    const token = (await signIn('kano_admin', 'Sahel-orchid-lantern-31')).json().token;
    const theirs = (await t.app.inject({ url: '/api/users/?page=1', headers: bearer(token) })).json();
    expect(theirs.results.map((u: { username: string }) => u.username).sort()).toEqual(['kano_admin', 'kano_analyst', 'kano_receptionist', 'kano_supervisor']);

    const admins = (await call('superadmin', 'GET', '/api/users/?page=1&page_size=100&Filters.is_facility_admin=true')).json();
    const names = admins.results.map((u: { username: string }) => u.username);
    expect(names).toContain('kano_admin');
    expect(names).not.toContain('kano_supervisor');
    expect(admins.results.every((u: { programs_roles: { roles: string }[] }) => u.programs_roles.some((r) => r.roles === 'Admin'))).toBe(true);
    const others = (await call('superadmin', 'GET', '/api/users/?page=1&page_size=100&Filters.is_facility_admin=false')).json();
    expect(others.results.map((u: { username: string }) => u.username)).toContain('kano_supervisor');
    const bad = await call('superadmin', 'GET', '/api/users/?page=1&Filters.is_facility_admin=maybe');
    expect(bad.json()).toEqual({ 'Filters.is_facility_admin': ['Must be true or false.'] });
  });

  it('requires a facility for a facility user', async () => {
    const res = await call('superadmin', 'POST', '/api/users/', { username: 'floating', password: 'Harmattan-desk-tier-5' });
    expect(res.json()).toEqual({ facility: ['This field is required.'] });
  });
});

describe('users/ for everyone else', () => {
  it('is forbidden', async () => {
    for (const actor of ['clin_supervisor', 'clin_manager', 'ph_data_analyst', 'fed_tier', 'kano_supervisor']) {
      expect((await call(actor, 'GET', '/api/users/?page=1')).statusCode, actor).toBe(403);
      expect((await call(actor, 'POST', '/api/users/', { username: 'x_y_z', password: 'Mango-courier-bench-42' })).statusCode, actor).toBe(403);
      expect((await call(actor, 'POST', '/api/users/1/disable_enable/')).statusCode, actor).toBe(403);
    }
  });
});

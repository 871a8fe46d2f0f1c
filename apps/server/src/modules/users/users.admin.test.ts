import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../test/harness.js';
import { auditEvents } from '../audit/audit.table.js';

/**
 * An administrator manages only the users whose every role lies in the
 * programmes it administers, grants roles only there, and changes neither its
 * own roles nor its own account's state (DESIGN §3). The outside probe's
 * administrator is a Yaba user who is Admin in Tuberculosis only, made by the
 * facility admin.
 */
let t: TestApp;
const PASSWORD = 'Harbour-lantern-62-quiet';
const ids: Record<string, number> = {};

const as = async (user: string, method: 'GET' | 'POST' | 'PATCH' | 'PUT', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(await t.token(user, user.startsWith('probe_') ? PASSWORD : undefined)), ...(payload ? { payload } : {}) });

async function create(admin: string, username: string, roles: [string, string][]) {
  const res = await as(admin, 'POST', '/api/users/', {
    username,
    password: PASSWORD,
    first_name: 'Probe',
    last_name: username,
    programs_roles: roles.map(([programs, r]) => ({ programs, roles: r })),
  });
  expect(res.statusCode, res.body).toBe(201);
  ids[username] = res.json().id;
}

beforeAll(async () => {
  t = await createTestApp();
  // The facility admin (Admin in the five Yaba programmes) makes a Tuberculosis-only admin, and a Viral Load supervisor.
  await create('ph_admin', 'probe_tb_admin', [['Tuberculosis', 'Admin']]);
  await create('ph_admin', 'probe_vl_supervisor', [['Viral Load', 'Supervisor']]);
  const users = (await as('ph_admin', 'GET', '/api/users/?page=1&page_size=100')).json().results as { id: number; username: string }[];
  for (const u of users) ids[u.username] = u.id;
});
afterAll(() => t.close());

const rolesOf = async (username: string) => (await as('ph_admin', 'GET', `/api/users/${ids[username]}/`)).json().programs_roles;

describe('an administrator of one programme', () => {
  it('cannot give itself a role in another programme (the probe: 200, and it then read viral-load samples)', async () => {
    const res = await as('probe_tb_admin', 'PATCH', `/api/users/${ids.probe_tb_admin}/`, {
      programs_roles: [
        { programs: 'Tuberculosis', roles: 'Admin' },
        { programs: 'Viral Load', roles: 'Supervisor' },
      ],
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().detail).toMatch(/your own roles/);
    expect(await rolesOf('probe_tb_admin')).toEqual([{ programs: 'Tuberculosis', roles: 'Admin' }]);
    expect((await as('probe_tb_admin', 'GET', '/api/vl_sample/?page=1')).statusCode).toBe(403);
  });

  it('cannot reset the password of, disable or edit a user holding roles beyond its programme', async () => {
    for (const username of ['probe_vl_supervisor', 'ph_supervisor']) {
      const reset = await as('probe_tb_admin', 'POST', '/api/users/change_password/', { username, password: 'Quiet-lagoon-reset-9' });
      expect(reset.statusCode, username).toBe(403);
      expect(reset.json().detail).toMatch(/do not administer/);
      expect((await as('probe_tb_admin', 'POST', `/api/users/${ids[username]}/disable_enable/`)).statusCode, username).toBe(403);
      expect((await as('probe_tb_admin', 'PATCH', `/api/users/${ids[username]}/`, { department: 'Elsewhere' })).statusCode, username).toBe(403);
    }
    // the old password still signs in; the supervisor is still active
    expect((await t.app.inject({ method: 'POST', url: '/api/login/', payload: { username: 'probe_vl_supervisor', password: PASSWORD } })).statusCode).toBe(200);
    expect((await as('ph_admin', 'GET', `/api/users/${ids.ph_supervisor}/`)).json()).toMatchObject({ is_active: true, department: 'Laboratory' });
  });

  it('cannot create a user with a role in another programme, nor give one to a user it manages', async () => {
    const res = await as('probe_tb_admin', 'POST', '/api/users/', {
      username: 'probe_made_vl',
      password: PASSWORD,
      programs_roles: [{ programs: 'Viral Load', roles: 'Supervisor' }],
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().detail).toMatch(/administer only Tuberculosis/);
    expect((await as('ph_admin', 'GET', '/api/users/?page=1&search=probe_made_vl')).json().count).toBe(0);
    await create('probe_tb_admin', 'probe_tb_analyst', [['Tuberculosis', 'Analyst']]);
    const widen = await as('probe_tb_admin', 'PATCH', `/api/users/${ids.probe_tb_analyst}/`, {
      programs_roles: [
        { programs: 'Tuberculosis', roles: 'Analyst' },
        { programs: 'EID', roles: 'Analyst' },
      ],
    });
    expect(widen.statusCode).toBe(403);
    expect(await rolesOf('probe_tb_analyst')).toEqual([{ programs: 'Tuberculosis', roles: 'Analyst' }]);
  });

  it('manages the users of its programme, and every change is audited with who, whom and what', async () => {
    const promote = await as('probe_tb_admin', 'PATCH', `/api/users/${ids.probe_tb_analyst}/`, {
      programs_roles: [{ programs: 'Tuberculosis', roles: 'Supervisor' }],
    });
    expect(promote.statusCode, promote.body).toBe(200);
    expect(
      (await as('probe_tb_admin', 'POST', '/api/users/change_password/', { username: 'probe_tb_analyst', password: 'Quiet-lagoon-reset-9' })).statusCode,
    ).toBe(200);
    expect((await as('probe_tb_admin', 'POST', `/api/users/${ids.probe_tb_analyst}/disable_enable/`)).json().is_active).toBe(false);
    const audit = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entity, 'user'), eq(auditEvents.entityId, String(ids.probe_tb_analyst))));
    const byAction = (action: string) => audit.filter((a) => a.action === action).at(-1)!;
    expect(byAction('user.roles_changed')).toMatchObject({
      username: 'probe_tb_admin',
      before: { username: 'probe_tb_analyst', programs_roles: [{ programs: 'Tuberculosis', roles: 'Analyst' }] },
      after: { username: 'probe_tb_analyst', granted: ['Tuberculosis: Supervisor'], removed: ['Tuberculosis: Analyst'] },
    });
    expect(byAction('password.reset')).toMatchObject({ username: 'probe_tb_admin', after: { username: 'probe_tb_analyst' } });
    expect(byAction('user.disabled')).toMatchObject({ username: 'probe_tb_admin', before: { username: 'probe_tb_analyst', is_active: true } });
  });

  it('lists its facility, saying whom it may manage', async () => {
    const list = (await as('probe_tb_admin', 'GET', '/api/users/?page=1&page_size=100')).json().results as { username: string; may_manage: boolean }[];
    const may = (u: string) => list.find((x) => x.username === u)?.may_manage;
    expect(may('probe_tb_analyst')).toBe(true);
    expect(may('probe_vl_supervisor')).toBe(false);
    expect(may('ph_supervisor')).toBe(false);
    expect(may('probe_tb_admin')).toBe(false);
    expect(may('clin_analyst')).toBeUndefined();
  });
});

describe('nobody changes their own roles or disables themselves', () => {
  it('refuses the facility admin its own roles (the probe: 200), not its own name', async () => {
    for (const admin of ['ph_admin', 'clin_admin']) {
      const res = await as(admin, 'PATCH', `/api/users/${ids[admin] ?? (await as(admin, 'GET', '/api/users/me/')).json().id}/`, {
        programs_roles: [{ programs: admin === 'ph_admin' ? 'Tuberculosis' : 'General', roles: 'Supervisor' }],
      });
      expect(res.statusCode, admin).toBe(403);
    }
    const me = (await as('ph_admin', 'GET', '/api/users/me/')).json();
    expect(me.programs_roles.every((r: { roles: string }) => r.roles === 'Admin')).toBe(true);
    // the same roles sent back by a form are no change
    const same = await as('ph_admin', 'PATCH', `/api/users/${me.id}/`, { first_name: 'Ada', programs_roles: me.programs_roles });
    expect(same.statusCode, same.body).toBe(200);
    expect((await as('ph_admin', 'PATCH', `/api/users/${me.id}/`, { is_active: false })).statusCode).toBe(403);
    expect((await as('ph_admin', 'POST', `/api/users/${me.id}/disable_enable/`)).statusCode).toBe(400);
    expect((await as('superadmin', 'POST', `/api/users/${(await as('superadmin', 'GET', '/api/users/me/')).json().id}/disable_enable/`)).statusCode).toBe(400);
  });
});

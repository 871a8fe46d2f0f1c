import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../core/db.js';
import { bearer, createTestApp, type TestApp } from '../../test/harness.js';

/** The help page's facts: each user is told their own facility's administrators, never another facility's. */

let t: TestApp;
const call = async (actor: string) => t.app.inject({ method: 'GET', url: '/api/help/', headers: bearer(await t.token(actor)) });
const usernames = (list: { username: string }[]) => list.map((c) => c.username).sort();

beforeAll(async () => {
  t = await createTestApp();
  // A second administrator at Ikeja with an e-mail, and a disabled one, who is nobody's contact.
  const db = t.database.db;
  const [ikeja] = rowsOf<{ id: number }>(await db.execute(sql`select id from facilities where facility_code = 'LA-IKJ-001'`));
  const [general] = rowsOf<{ id: number }>(await db.execute(sql`select id from programs where name = 'General'`));
  for (const [username, active] of [
    ['ikeja_help_admin', true],
    ['ikeja_gone_admin', false],
  ] as const) {
    const [user] = rowsOf<{ id: number }>(
      await db.execute(sql`
        insert into users (username, password_hash, first_name, last_name, email, facility_id, is_active)
        values (${username}, 'x', 'Ngozi', ${active ? 'Okafor' : 'Gone'}, ${`${username}@example.org`}, ${ikeja!.id}, ${active})
        returning id`),
    );
    await db.execute(sql`insert into user_program_roles (user_id, program_id, role) values (${user!.id}, ${general!.id}, 'Admin')`);
  }
});
afterAll(() => t.close());

describe('help and support', () => {
  it("gives a facility's staff their facility and its active administrators, with their e-mail", async () => {
    const res = await call('clin_receptionist');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.facility.name).toBe('Ikeja Demo Clinical Laboratory');
    expect(usernames(body.facility_administrators)).toEqual(['clin_admin', 'ikeja_help_admin']);
    expect(body.facility_administrators.find((c: { username: string }) => c.username === 'ikeja_help_admin')).toEqual({
      name: 'Ngozi Okafor',
      username: 'ikeja_help_admin',
      email: 'ikeja_help_admin@example.org',
    });
    // staff ask their facility's administrators, not the super administrators
    expect(body.system_administrators).toEqual([]);
    expect(body.version).toMatch(/^\d+\.\d+\.\d+/);
  });

  it("never names another facility's administrators", async () => {
    for (const username of ['ph_analyst', 'ph_supervisor', 'mushin_receptionist', 'kano_supervisor']) {
      const body = (await call(username)).json();
      const names = usernames(body.facility_administrators);
      expect(names, username).not.toContain('clin_admin');
      expect(names, username).not.toContain('ikeja_help_admin');
      expect(body.facility.name, username).not.toBe('Ikeja Demo Clinical Laboratory');
    }
    expect(usernames((await call('ph_analyst')).json().facility_administrators)).toEqual(['ph_admin']);
  });

  it("gives a facility's administrator the other administrators and the super administrators, leaving the caller out", async () => {
    const body = (await call('clin_admin')).json();
    expect(usernames(body.facility_administrators)).toEqual(['ikeja_help_admin']);
    expect(usernames(body.system_administrators)).toEqual(['superadmin']);
  });

  it('gives an official and the super admin the super administrators and no facility', async () => {
    for (const username of ['fed_tier', 'lagos_tier', 'ikeja_tier']) {
      const body = (await call(username)).json();
      expect(body.facility, username).toBeNull();
      expect(body.facility_administrators, username).toEqual([]);
      expect(usernames(body.system_administrators), username).toEqual(['superadmin']);
    }
    const own = (await call('superadmin')).json();
    expect(own.facility).toBeNull();
    expect(usernames(own.system_administrators)).not.toContain('superadmin');
  });

  it('is refused without a session', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/help/' })).statusCode).toBe(401);
  });
});

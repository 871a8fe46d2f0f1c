import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../test/harness.js';
import { users } from '../users/users.table.js';
import { LOGIN_LIMITS } from './rate-limit.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const login = (payload: unknown, remoteAddress = '127.0.0.1') =>
  t.app.inject({ method: 'POST', url: '/api/login/', payload: payload as object, remoteAddress });
const refresh = (token: string) => t.app.inject({ method: 'POST', url: '/api/token/refresh/', payload: { refresh: token } });

describe('POST /api/login/', () => {
  it('returns a token pair that opens the API', async () => {
    const res = await login({ username: 'clin_receptionist', password: 'Demo@12345' });
    expect(res.statusCode).toBe(200);
    const { token, refresh: r } = res.json();
    expect(token).toMatch(/^ey/);
    expect(r.length).toBeGreaterThan(20);
    const me = await t.app.inject({ url: '/api/users/me/', headers: bearer(token) });
    expect(me.json().username).toBe('clin_receptionist');
  });

  it('answers bad credentials with 401 and a detail', async () => {
    const res = await login({ username: 'clin_receptionist', password: 'wrong' }, '10.1.0.1');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ detail: expect.stringContaining('credentials') });
    const unknown = await login({ username: 'nobody', password: 'wrong' }, '10.1.0.1');
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json().detail).toBe(res.json().detail);
  });

  it('names each missing field with the sign-in messages', async () => {
    const res = await login({});
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ username: ['The input is not valid username!'], password: ['Please input your Password!'] });
    const noBody = await t.app.inject({ method: 'POST', url: '/api/login/' });
    expect(noBody.statusCode).toBe(400);
    expect(Object.keys(noBody.json()).sort()).toEqual(['password', 'username']);
  });

  it('answers malformed JSON and wrong types with 400, never 500', async () => {
    const bad = await t.app.inject({ method: 'POST', url: '/api/login/', headers: { 'content-type': 'application/json' }, payload: '{"username":' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().non_field_errors[0]).toMatch(/Malformed JSON/);
    const typed = await login({ username: 12, password: ['x'] });
    expect(typed.statusCode).toBe(400);
    expect(typed.json()).toHaveProperty('username');
    expect(typed.json()).toHaveProperty('password');
  });

  it('refuses a disabled user', async () => {
    await t.database.db.update(users).set({ isActive: false }).where(eq(users.username, 'ph_clerk'));
    const res = await login({ username: 'ph_clerk', password: 'Demo@12345' }, '10.1.0.2');
    expect(res.statusCode).toBe(401);
    await t.database.db.update(users).set({ isActive: true }).where(eq(users.username, 'ph_clerk'));
  });

  it('rate-limits failed logins per username', async () => {
    for (let i = 0; i < LOGIN_LIMITS.perUser; i++) {
      expect((await login({ username: 'clin_analyst', password: 'nope' }, `10.2.0.${i}`)).statusCode).toBe(401);
    }
    const blocked = await login({ username: 'clin_analyst', password: 'Demo@12345' }, '10.2.1.1');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().detail).toMatch(/Too many failed login attempts/);
    // other users are not affected
    expect((await login({ username: 'clin_clerk', password: 'Demo@12345' }, '10.2.1.1')).statusCode).toBe(200);
  });

  it('rate-limits failed logins per client address', async () => {
    for (let i = 0; i < LOGIN_LIMITS.perAddress; i++) {
      await login({ username: `ghost${i}`, password: 'nope' }, '10.3.0.1');
    }
    const blocked = await login({ username: 'clin_manager', password: 'Demo@12345' }, '10.3.0.1');
    expect(blocked.statusCode).toBe(429);
    expect((await login({ username: 'clin_manager', password: 'Demo@12345' }, '10.3.0.2')).statusCode).toBe(200);
  });
});

describe('refresh and logout', () => {
  it('rotates the refresh token: the old one stops working', async () => {
    const first = (await login({ username: 'ph_supervisor', password: 'Demo@12345', remember: true })).json();
    const rotated = await refresh(first.refresh);
    expect(rotated.statusCode).toBe(200);
    const second = rotated.json();
    expect(second.refresh).not.toBe(first.refresh);
    expect((await t.app.inject({ url: '/api/users/me/', headers: bearer(second.token) })).statusCode).toBe(200);
    expect((await refresh(first.refresh)).statusCode).toBe(401);
    expect((await refresh(second.refresh)).statusCode).toBe(200);
  });

  it('gives one new pair and one 401 for two concurrent uses of one token', async () => {
    const pair = (await login({ username: 'ph_analyst', password: 'Demo@12345' })).json();
    const codes = (await Promise.all([refresh(pair.refresh), refresh(pair.refresh)])).map((r) => r.statusCode).sort();
    expect(codes).toEqual([200, 401]);
  });

  it('logout revokes the refresh token', async () => {
    const pair = (await login({ username: 'ph_receptionist', password: 'Demo@12345' })).json();
    const out = await t.app.inject({ method: 'POST', url: '/api/users/logout/', payload: { refresh: pair.refresh } });
    expect(out.statusCode).toBe(200);
    expect(out.json()).toEqual({ detail: 'Operation Successful' });
    const again = await refresh(pair.refresh);
    expect(again.statusCode).toBe(401);
    expect(again.json()).toHaveProperty('detail');
  });

  it("stops a disabled user's refresh tokens at once", async () => {
    const pair = (await login({ username: 'kano_supervisor', password: 'Demo@12345' })).json();
    await t.database.db.update(users).set({ isActive: false }).where(eq(users.username, 'kano_supervisor'));
    expect((await refresh(pair.refresh)).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/users/me/', headers: bearer(pair.token) })).statusCode).toBe(401);
    await t.database.db.update(users).set({ isActive: true }).where(eq(users.username, 'kano_supervisor'));
  });

  it('refuses garbage and missing refresh tokens', async () => {
    expect((await refresh('not-a-token')).statusCode).toBe(401);
    const missing = await t.app.inject({ method: 'POST', url: '/api/token/refresh/', payload: {} });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ refresh: ['This field is required.'] });
  });
});

describe('access tokens', () => {
  it('are required on protected endpoints', async () => {
    expect((await t.app.inject({ url: '/api/users/me/' })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/users/me/', headers: { authorization: 'Bearer abc.def.ghi' } })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/users/me/', headers: { authorization: 'Basic eDp5' } })).json()).toHaveProperty('detail');
  });

  it('stores passwords as argon2id hashes', async () => {
    const [row] = await t.database.db.select({ hash: users.passwordHash }).from(users).where(eq(users.username, 'superadmin'));
    expect(row!.hash).toMatch(/^\$argon2id\$/);
  });
});

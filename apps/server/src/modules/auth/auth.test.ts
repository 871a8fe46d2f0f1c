import { eq, sql } from 'drizzle-orm';
import { createSigner } from 'fast-jwt';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../test/harness.js';
import { users } from '../users/users.table.js';
import { THROTTLE, throttleClock } from '../users/users.service.js';
import { auditEvents } from '../audit/audit.table.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const login = (payload: unknown, remoteAddress = '127.0.0.1') =>
  t.app.inject({ method: 'POST', url: '/api/login/', payload: payload as object, remoteAddress });
/** Move a throttle's last attempt back in time, as if `ms` had passed. */
const age = (key: string, ms: number) =>
  t.database.db.execute(sql`update login_failures set last_attempt_at = last_attempt_at - make_interval(secs => ${ms / 1000}) where key = ${key}`);
const failures = async (key: string) => {
  const res = (await t.database.db.execute(sql`select failures from login_failures where key = ${key}`)) as unknown as { rows: { failures: number }[] };
  return res.rows[0]?.failures ?? null;
};
/** Hold the throttle's clock at this instant, so a loaded machine cannot let a delay run out mid-test. */
const realClock = throttleClock.now;
const freezeClock = () => {
  const instant = realClock();
  throttleClock.now = () => instant;
};
afterEach(() => {
  throttleClock.now = realClock;
});
/** As if `count` wrong passwords (for any accounts) had just come from `address` (cheaper than hashing each). */
const failedFromAddress = (address: string, count: number) => {
  const at = throttleClock.now().toISOString();
  return t.database.db.execute(
    sql`insert into login_failures (key, failures, window_start, last_attempt_at) values (${`ip:${address}`}, ${count}, ${at}::timestamptz, ${at}::timestamptz)`,
  );
};
const me = (token: string) => t.app.inject({ url: '/api/users/me/', headers: bearer(token) });
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

  it('throttles an account after five wrong passwords, without locking its owner out', async () => {
    freezeClock();
    for (let i = 0; i < THROTTLE.account.free; i++) {
      expect((await login({ username: 'clin_analyst', password: 'nope' }, `10.2.0.${i}`)).statusCode).toBe(401);
    }
    const slowed = await login({ username: 'clin_analyst', password: 'Demo@12345' }, '10.2.1.1');
    expect(slowed.statusCode).toBe(429);
    expect(slowed.headers['retry-after']).toBe('1');
    expect(slowed.json().detail).toMatch(/Too many failed attempts/);
    // other users are not affected
    expect((await login({ username: 'clin_clerk', password: 'Demo@12345' }, '10.2.1.1')).statusCode).toBe(200);
    // once the owed delay has passed, the owner signs in and the account starts afresh
    await age('acct:clin_analyst', THROTTLE.account.capMs);
    expect((await login({ username: 'clin_analyst', password: 'Demo@12345' }, '10.2.1.1')).statusCode).toBe(200);
    expect(await failures('acct:clin_analyst')).toBeNull();
  });

  it('never makes the owner wait longer than the cap, however many guesses came before', async () => {
    await t.database.db.execute(sql`insert into login_failures (key, failures, window_start, last_attempt_at) values ('acct:clin_manager', 500, now(), now())`);
    const slowed = await login({ username: 'clin_manager', password: 'Demo@12345' }, '10.4.0.1');
    expect(slowed.statusCode).toBe(429);
    expect(Number(slowed.headers['retry-after'])).toBeLessThanOrEqual(THROTTLE.account.capMs / 1000);
    await age('acct:clin_manager', THROTTLE.account.capMs);
    expect((await login({ username: 'clin_manager', password: 'Demo@12345' }, '10.4.0.1')).statusCode).toBe(200);
  });

  it('counts and decides in one statement: fifty parallel guesses are counted one by one', async () => {
    // All fifty arrive at one instant: however slowly this machine serves them, no delay runs out meanwhile.
    freezeClock();
    const codes = await Promise.all(Array.from({ length: 50 }, (_, i) => login({ username: 'ph_data_analyst', password: `guess-${i}` }, `10.5.0.${i}`)));
    const by = (code: number) => codes.filter((r) => r.statusCode === code).length;
    expect(by(401)).toBe(THROTTLE.account.free);
    expect(by(429)).toBe(50 - THROTTLE.account.free);
    expect(await failures('acct:ph_data_analyst')).toBe(THROTTLE.account.free);
  });

  it('lets concurrent sign-ins from one address through, whichever read the clock first', async () => {
    // Each attempt reads the clock a little earlier than the one recorded before it, as racing requests do.
    let tick = realClock().getTime();
    throttleClock.now = () => {
      tick -= 5;
      return new Date(tick);
    };
    for (const username of ['clin_receptionist', 'clin_clerk', 'clin_admin']) {
      expect((await login({ username, password: 'Demo@12345' }, '10.6.0.1')).statusCode).toBe(200);
    }
  });

  it('slows one address only after many failures, and briefly, so a shared hospital address is not locked out', async () => {
    freezeClock();
    await failedFromAddress('10.3.0.1', THROTTLE.address.free);
    const slowed = await login({ username: 'clin_supervisor', password: 'Demo@12345' }, '10.3.0.1');
    expect(slowed.statusCode).toBe(429);
    expect(Number(slowed.headers['retry-after'])).toBeLessThanOrEqual(THROTTLE.address.capMs / 1000);
    expect((await login({ username: 'clin_supervisor', password: 'Demo@12345' }, '10.3.0.2')).statusCode).toBe(200);
    await age('ip:10.3.0.1', THROTTLE.address.capMs);
    expect((await login({ username: 'clin_supervisor', password: 'Demo@12345' }, '10.3.0.1')).statusCode).toBe(200);
  });

  it('counts an attempt against no counter when either refuses it, so the owner owes nothing for 429s', async () => {
    freezeClock();
    await failedFromAddress('10.9.0.1', THROTTLE.address.free);
    // The owner, behind the slowed address, tries again at once: refused by the address each time.
    for (let i = 0; i < THROTTLE.account.free + 1; i++) {
      expect((await login({ username: 'clin_admin', password: 'Demo@12345' }, '10.9.0.1')).statusCode).toBe(429);
    }
    // No password was checked, so the account owes no delay: from elsewhere the owner is in at once.
    expect(await failures('acct:clin_admin')).toBeNull();
    expect((await login({ username: 'clin_admin', password: 'Demo@12345' }, '10.9.0.2')).statusCode).toBe(200);
  });

  it('records sign-in and failed sign-in in the audit trail, never the password', async () => {
    await login({ username: 'ph_admin', password: 'Wrong-guess-77' }, '10.6.0.1');
    await login({ username: 'ph_admin', password: 'Demo@12345' }, '10.6.0.1');
    const rows = await t.database.db.select().from(auditEvents).where(eq(auditEvents.entity, 'user'));
    const mine = rows.filter((r) => JSON.stringify(r.after).includes('ph_admin') || r.username === 'ph_admin');
    expect(mine.map((r) => r.action)).toEqual(expect.arrayContaining(['auth.login_failed', 'auth.login']));
    expect(JSON.stringify(rows)).not.toContain('Wrong-guess-77');
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
    const third = (await refresh(second.refresh)).json();
    expect((await me(third.token)).statusCode).toBe(200);
  });

  it('revokes the whole session when a rotated refresh token comes back (it was copied)', async () => {
    const first = (await login({ username: 'ph_supervisor', password: 'Demo@12345', remember: true })).json();
    const second = (await refresh(first.refresh)).json();
    // someone replays the first token: refused, and the session it belongs to ends
    expect((await refresh(first.refresh)).statusCode).toBe(401);
    expect((await refresh(second.refresh)).statusCode).toBe(401);
    expect((await me(second.token)).statusCode).toBe(401);
    // another session of the same user is untouched
    const other = (await login({ username: 'ph_supervisor', password: 'Demo@12345' })).json();
    expect((await me(other.token)).statusCode).toBe(200);
  });

  it('gives one new pair and one 401 for two concurrent uses of one token', async () => {
    const pair = (await login({ username: 'ph_analyst', password: 'Demo@12345' })).json();
    const codes = (await Promise.all([refresh(pair.refresh), refresh(pair.refresh)])).map((r) => r.statusCode).sort();
    expect(codes).toEqual([200, 401]);
  });

  it('logout ends the session: its refresh token and its access token stop at once, and it is audited', async () => {
    const pair = (await login({ username: 'ph_receptionist', password: 'Demo@12345' })).json();
    expect((await me(pair.token)).statusCode).toBe(200);
    const out = await t.app.inject({ method: 'POST', url: '/api/users/logout/', headers: bearer(pair.token), payload: { refresh: pair.refresh } });
    expect(out.statusCode).toBe(200);
    expect(out.json()).toEqual({ detail: 'Operation Successful' });
    const again = await refresh(pair.refresh);
    expect(again.statusCode).toBe(401);
    expect(again.json()).toHaveProperty('detail');
    expect((await me(pair.token)).statusCode).toBe(401);
    const rows = await t.database.db.select().from(auditEvents).where(eq(auditEvents.action, 'auth.logout'));
    expect(rows.map((r) => r.username)).toContain('ph_receptionist');
  });

  it("acts on the caller's own session only: someone else's refresh token signs nobody out", async () => {
    const victim = (await login({ username: 'ph_analyst', password: 'Demo@12345' })).json();
    const other = (await login({ username: 'ph_clerk', password: 'Demo@12345' })).json();
    // no session at all, only the victim's refresh token: refused, and the victim stays signed in
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/users/logout/', payload: { refresh: victim.refresh } });
    expect(anonymous.statusCode).toBe(401);
    // a signed-in user sending the victim's token: 400 naming it, and neither session ends
    const mixed = await t.app.inject({ method: 'POST', url: '/api/users/logout/', headers: bearer(other.token), payload: { refresh: victim.refresh } });
    expect(mixed.statusCode).toBe(400);
    expect(mixed.json()).toHaveProperty('refresh');
    expect((await me(victim.token)).statusCode).toBe(200);
    expect((await me(other.token)).statusCode).toBe(200);
    // without a token in the body the caller's own session ends, and only it
    const own = await t.app.inject({ method: 'POST', url: '/api/users/logout/', headers: bearer(other.token), payload: {} });
    expect(own.statusCode).toBe(200);
    expect((await me(other.token)).statusCode).toBe(401);
    expect((await me(victim.token)).statusCode).toBe(200);
    expect((await refresh(victim.refresh)).statusCode).toBe(200);
  });

  it("changing one's own password signs out the other sessions and keeps this one", async () => {
    const here = (await login({ username: 'clin_data_analyst', password: 'Demo@12345' })).json();
    const elsewhere = (await login({ username: 'clin_data_analyst', password: 'Demo@12345' }, '10.7.0.1')).json();
    const changed = await t.app.inject({
      method: 'POST',
      url: '/api/users/change_password/',
      headers: bearer(here.token),
      payload: { username: 'clin_data_analyst', old_password: 'Demo@12345', password: 'Lagoon-harbour-7-quiet' },
    });
    expect(changed.statusCode).toBe(200);
    expect((await me(here.token)).statusCode).toBe(200);
    expect((await me(elsewhere.token)).statusCode).toBe(401);
    expect((await refresh(elsewhere.refresh)).statusCode).toBe(401);
    expect((await refresh(here.refresh)).statusCode).toBe(200);
  });

  it('throttles wrong old passwords on change_password like sign-in', async () => {
    freezeClock();
    const token = await t.token('ph_clerk');
    const codes: number[] = [];
    for (let i = 0; i <= THROTTLE.account.free; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/users/change_password/',
        headers: bearer(token),
        payload: { username: 'ph_clerk', old_password: `wrong-${i}`, password: 'Lagoon-harbour-7-quiet' },
        remoteAddress: '10.8.0.1',
      });
      codes.push(res.statusCode);
    }
    expect(codes.slice(0, THROTTLE.account.free).every((c) => c === 400)).toBe(true);
    expect(codes.at(-1)).toBe(429);
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

  it('refuses a well-signed token without an expiry, a session or the access type, or with an unknown session', async () => {
    const sign = async (claims: Record<string, unknown>, exp: boolean) =>
      createSigner({ key: Buffer.from(t.jwtSecret), algorithm: 'HS256', ...(exp ? { expiresIn: 5 * 60_000 } : {}) })({ ...claims, sub: '1' });
    const sid = '00000000-0000-4000-8000-000000000000';
    expect((await me(await sign({ typ: 'access', sid }, false))).statusCode).toBe(401);
    expect((await me(await sign({ typ: 'access' }, true))).statusCode).toBe(401);
    expect((await me(await sign({ typ: 'access', sid }, true))).statusCode).toBe(401);
    // an unsigned token, one signed with another key, and an expired one
    const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
    const claims = { typ: 'access', sid, sub: '1', exp: Math.floor(Date.now() / 1000) + 300 };
    expect((await me(`${b64({ alg: 'none', typ: 'JWT' })}.${b64(claims)}.`)).statusCode).toBe(401);
    expect((await me(createSigner({ key: Buffer.alloc(32, 7), algorithm: 'HS256' })(claims))).statusCode).toBe(401);
    expect((await me(createSigner({ key: Buffer.from(t.jwtSecret), algorithm: 'HS256' })({ ...claims, exp: 1_000_000 }))).statusCode).toBe(401);
    // the same shape with a real session passes, so the refusals above are about the claims
    const pair = (await login({ username: 'superadmin', password: 'Demo@12345' })).json();
    const real = JSON.parse(Buffer.from(pair.token.split('.')[1], 'base64url').toString()).sid as string;
    expect((await me(await sign({ typ: 'access', sid: real }, true))).statusCode).toBe(200);
    // ...and without the access type, or with another type, it is refused again
    expect((await me(await sign({ sid: real }, true))).statusCode).toBe(401);
    expect((await me(await sign({ typ: 'refresh', sid: real }, true))).statusCode).toBe(401);
  });

  it('stores passwords as argon2id hashes', async () => {
    const [row] = await t.database.db.select({ hash: users.passwordHash }).from(users).where(eq(users.username, 'superadmin'));
    expect(row!.hash).toMatch(/^\$argon2id\$/);
  });
});

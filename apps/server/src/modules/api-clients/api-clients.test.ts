import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../test/harness.js';
import { digest } from './api-clients.service.js';

/** API clients kept by a facility's administrator (within its programmes) and by the super admin. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const as = async (user: string, method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(await t.token(user)), ...(payload ? { payload } : {}) });

describe('API clients', () => {
  it('keeps only the digest of the secret, refuses a second name at the facility and programmes beyond the administrator', async () => {
    const made = await as('ph_admin', 'POST', '/api/api_client/', { name: 'LAMISPlus', scopes: ['results.read'], programs: ['Viral Load', 'EID'] });
    expect(made.statusCode, made.body).toBe(201);
    const { id, secret, client_id } = made.json() as { id: number; secret: string; client_id: string };
    expect(secret.startsWith(`nlk_${client_id}_`)).toBe(true);
    const rows = await t.database.db.execute(`select secret_hash from api_clients where id = ${id}` as never);
    const kept = (rows as unknown as { rows: { secret_hash: string }[] }).rows[0]!.secret_hash;
    expect(kept).toBe(digest(secret));
    expect(kept).not.toContain(secret.slice(-20));
    const again = await as('ph_admin', 'POST', '/api/api_client/', { name: 'lamisplus', scopes: ['results.read'], programs: ['Viral Load'] });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toHaveProperty('name');
    const beyond = await as('clin_admin', 'POST', '/api/api_client/', { name: 'NMRS', scopes: ['orders.write'], programs: ['Viral Load'] });
    expect(beyond.statusCode).toBe(400);
    expect(beyond.json()).toHaveProperty('programs');
    // Another facility's administrator neither lists nor revokes it.
    expect(((await as('clin_admin', 'GET', '/api/api_client/')).json() as { id: number }[]).some((c) => c.id === id)).toBe(false);
    expect((await as('clin_admin', 'POST', `/api/api_client/${id}/revoke/`, {})).statusCode).toBe(404);
    // Staff, officials and systems are refused.
    expect((await as('ph_supervisor', 'GET', '/api/api_client/')).statusCode).toBe(403);
    expect((await as('fed_tier', 'GET', '/api/api_client/')).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/api_client/', headers: bearer(secret) })).statusCode).toBe(403);
    // Revoked once; a second revoke or a rotation of a revoked client is a 400.
    expect((await as('ph_admin', 'POST', `/api/api_client/${id}/revoke/`, {})).json()).toMatchObject({ is_active: false });
    expect((await as('ph_admin', 'POST', `/api/api_client/${id}/revoke/`, {})).statusCode).toBe(400);
    expect((await as('ph_admin', 'POST', `/api/api_client/${id}/rotate/`, {})).statusCode).toBe(400);
  });

  it('the super admin creates one at a facility it names, and lists every facility’s', async () => {
    const facilities = (await as('superadmin', 'GET', '/api/facilities/?page=1&page_size=100')).json().results as { id: number; facility_name: string }[];
    const kano = facilities.find((f) => /kano/i.test(f.facility_name))!;
    expect((await as('superadmin', 'POST', '/api/api_client/', { name: 'Kano EMR', scopes: ['orders.write'], programs: ['Viral Load'] })).statusCode).toBe(400);
    const made = await as('superadmin', 'POST', '/api/api_client/', {
      name: 'Kano EMR',
      scopes: ['orders.write'],
      programs: ['Viral Load'],
      facility: kano.id,
    });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json()).toMatchObject({ facility: kano.id, programs: ['Viral Load'], created_by: 'superadmin' });
    const all = (await as('superadmin', 'GET', '/api/api_client/')).json() as { facility: number }[];
    expect(new Set(all.map((c) => c.facility)).size).toBeGreaterThan(1);
    const kanoOnly = (await as('superadmin', 'GET', `/api/api_client/?facility=${kano.id}`)).json() as { facility: number }[];
    expect(kanoOnly.every((c) => c.facility === kano.id)).toBe(true);
  });
});

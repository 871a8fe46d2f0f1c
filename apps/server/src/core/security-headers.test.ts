import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { openPglite, type Database } from './db.js';
import type { App } from './types.js';

let database: Database;
let webDist: string;
let direct: App;
let proxied: App;

beforeAll(async () => {
  database = await openPglite(null);
  webDist = mkdtempSync(path.join(tmpdir(), 'nlims-web-'));
  writeFileSync(
    path.join(webDist, 'index.html'),
    '<!doctype html><html><body><div id="root"></div><script type="module" src="/assets/a.js"></script></body></html>',
  );
  mkdirSync(path.join(webDist, 'assets'));
  writeFileSync(path.join(webDist, 'assets', 'a.js'), 'console.log(1);');
  direct = await buildApp({ database, jwtSecret: randomBytes(32), webDist });
  proxied = await buildApp({ database, jwtSecret: randomBytes(32), webDist, trustProxy: true });
});
afterAll(async () => {
  await direct.close();
  await proxied.close();
  await database.close?.();
  rmSync(webDist, { recursive: true, force: true });
});

const directives = (csp: string | undefined) =>
  Object.fromEntries(
    (csp ?? '')
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((d) => d[0])
      .map(([name, ...values]) => [name, values]),
  );

describe('security headers', () => {
  it.each(['/', '/api/openapi.json', '/api/general_order/', '/api/no-such-route/'])('are sent on %s with a strict policy for the app', async (url) => {
    const res = await direct.inject({ url });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('same-origin');
    expect(res.headers['x-frame-options']).toBe('DENY');
    const csp = directives(res.headers['content-security-policy'] as string);
    expect(csp['script-src']).toEqual(["'self'"]);
    expect(csp['object-src']).toEqual(["'none'"]);
    expect(csp['base-uri']).toEqual(["'self'"]);
    expect(csp['frame-ancestors']).toEqual(["'none'"]);
    expect(csp['connect-src']).toEqual(["'self'"]);
    expect(csp['img-src']).toEqual(["'self'", 'data:', 'blob:']);
    expect(csp['worker-src']).toEqual(["'self'"]);
    expect(csp['style-src']).toEqual(["'self'", "'unsafe-inline'"]);
    expect(csp['upgrade-insecure-requests']).toBeUndefined();
  });

  it('give the Swagger UI its own policy, still without inline or remote scripts', async () => {
    const page = await direct.inject({ url: '/api/docs' });
    expect(page.statusCode).toBe(200);
    const csp = directives(page.headers['content-security-policy'] as string);
    expect(csp['script-src']).toEqual(["'self'"]);
    expect(csp['img-src']).toEqual(["'self'", 'data:']);
    expect(csp['frame-ancestors']).toEqual(["'none'"]);
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    expect(page.body).not.toMatch(/<script>(?!\s*<\/script>)/);
  });

  it('keep no reply in a cache (no-store), whatever its prefix, signed in or not; only the web app’s own files are cached', async () => {
    const refused = await direct.inject({ method: 'POST', url: '/api/login/', payload: { username: 'superadmin', password: 'wrong' } });
    expect(refused.headers['cache-control']).toBe('no-store');
    for (const url of ['/api/general_order/', '/api/no-such-route/', '/fhir/metadata', '/fhir/Patient', '/fhir/Patient/1', '/fhir/Binary/report-1'])
      expect((await direct.inject({ url })).headers['cache-control'], url).toBe('no-store');
    expect((await direct.inject({ url: '/assets/a.js' })).headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await direct.inject({ url: '/' })).headers['cache-control']).toBe('no-cache');
    expect((await direct.inject({ url: '/some/page' })).headers['cache-control']).toBe('no-cache');
  });

  it('send HSTS only over TLS: never on plain http, and behind a trusted proxy that says https', async () => {
    expect((await direct.inject({ url: '/' })).headers['strict-transport-security']).toBeUndefined();
    expect((await direct.inject({ url: '/', headers: { 'x-forwarded-proto': 'https' } })).headers['strict-transport-security']).toBeUndefined();
    expect((await proxied.inject({ url: '/' })).headers['strict-transport-security']).toBeUndefined();
    const https = await proxied.inject({ url: '/api/openapi.json', headers: { 'x-forwarded-proto': 'https' } });
    expect(https.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const PUBLIC = new Set([
  'POST /api/login/',
  'POST /api/token/refresh/',
  'GET /api/health/',
  'GET /api/verify/{code}/',
  'GET /fhir/metadata',
  'POST /api/notifications/delivery_report/',
]);

describe('authentication is decided on the matched route, deny by default', () => {
  it('refuses percent-encoded and otherwise disguised paths without a token', async () => {
    for (const url of [
      '/%61pi/state/',
      '/api/%73tate/',
      '/%61%70%69/state/',
      '/api/state/%2e/',
      '/api//state/',
      '//api/state/',
      '/API/state/',
      '/Api/State/',
      '/%2561pi/state/',
      '/api/state',
      '/api/./state/',
      '/api/lga/../state/',
      '/api/state/?page=1',
    ]) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).not.toBe(200);
      expect(res.body, url).not.toContain('Lagos');
    }
    expect((await t.app.inject({ url: '/%61pi/state/' })).statusCode).toBe(401);
  });

  it('answers 401 without a token on every documented operation that is not declared public', async () => {
    const doc = (await t.app.inject({ url: '/api/openapi.json' })).json() as { paths: Record<string, Record<string, unknown>> };
    let checked = 0;
    for (const [path, operations] of Object.entries(doc.paths)) {
      for (const method of Object.keys(operations)) {
        const key = `${method.toUpperCase()} ${path}`;
        if (PUBLIC.has(key)) continue;
        const url = path.replace(/\{[^}]+\}/g, '1');
        const res = await t.app.inject({ method: method.toUpperCase() as 'GET', url, payload: method === 'get' ? undefined : {} });
        expect(res.statusCode, key).toBe(401);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(100);
  });

  it('keeps the declared public routes open', async () => {
    expect((await t.app.inject({ url: '/api/health/' })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/openapi.json' })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/docs/' })).statusCode).toBeLessThan(400);
  });
});

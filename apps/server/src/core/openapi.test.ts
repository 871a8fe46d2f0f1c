import { createConfig, lintFromString } from '@redocly/openapi-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness.js';
import { operationIdFor } from './openapi.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ demo: false });
});
afterAll(() => t.close());

describe('the OpenAPI document', () => {
  it('lints clean with Redocly’s recommended rules (trailing slashes are this API’s convention)', async () => {
    const res = await t.app.inject({ url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    const config = await createConfig({ extends: ['recommended'], rules: { 'no-path-trailing-slash': 'off' } });
    const problems = await lintFromString({ source: res.body, absoluteRef: 'openapi.json', config });
    const report = problems.map((p) => `${p.severity} ${p.ruleId}: ${p.message} at ${p.location[0]?.pointer ?? ''}`);
    expect(report).toEqual([]);
  });

  it('gives every operation a unique operationId, a summary and its 4xx replies', async () => {
    const doc = (await t.app.inject({ url: '/api/openapi.json' })).json() as {
      paths: Record<string, Record<string, { operationId?: string; summary?: string; security?: unknown[]; responses?: Record<string, unknown> }>>;
    };
    const ids = new Set<string>();
    let operations = 0;
    for (const [path, methods] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(methods)) {
        const key = `${method.toUpperCase()} ${path}`;
        expect(op.operationId, key).toMatch(/^[a-z][A-Za-z0-9]+$/);
        expect(ids.has(op.operationId!), `${key} repeats ${op.operationId}`).toBe(false);
        ids.add(op.operationId!);
        expect(op.summary, key).toBeTruthy();
        const codes = Object.keys(op.responses ?? {});
        expect(codes, key).toContain('400');
        if (path.includes('{')) expect(codes, key).toContain('404');
        if (op.security?.length !== 0) expect(codes, key).toEqual(expect.arrayContaining(['401', '403']));
        operations++;
      }
    }
    expect(operations).toBeGreaterThan(100);
    // Public operations say so, and only they.
    const open = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.entries(methods)
        .filter(([, op]) => op.security?.length === 0)
        .map(([m]) => `${m} ${path}`),
    );
    expect(open.sort()).toEqual([
      'get /api/health/',
      'get /api/verify/{code}/',
      'get /fhir/metadata',
      'post /api/login/',
      'post /api/notifications/delivery_report/',
      'post /api/token/refresh/',
    ]);
    // Routes that check a password document the throttle's 429.
    for (const key of [
      'post /api/login/',
      'post /api/users/change_password/',
      'post /api/results/{id}/approve/',
      'post /api/results/approve/',
      'post /api/results/{id}/amend/',
    ]) {
      const [method, path] = key.split(' ') as [string, string];
      expect(Object.keys(doc.paths[path]?.[method]?.responses ?? {}), key).toContain('429');
    }
  });

  it('names operations from method and path', () => {
    expect(operationIdFor('GET', '/api/general_order/', { type: 'object', properties: { results: {} } })).toBe('listGeneralOrders');
    expect(operationIdFor('GET', '/api/general_order/:id/')).toBe('getGeneralOrder');
    expect(operationIdFor('POST', '/api/general_order/')).toBe('createGeneralOrder');
    expect(operationIdFor('PATCH', '/api/general_order/:id/')).toBe('updateGeneralOrder');
    expect(operationIdFor('POST', '/api/general_order/:id/approve_results/')).toBe('approveGeneralOrderResults');
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { benchResource } from '../modules/catalogue/bench.resource.js';
import { REFERENCE_DEFS } from '../modules/reference/reference.resources.js';
import { bearer, createTestApp, type TestApp } from './harness.js';
import type { MatrixUser } from './matrix.js';

/**
 * Who may call a write is decided before its body is read (a route's `config.may`, checked in core/auth.ts): a
 * caller without the role gets the 403 its service would give, whatever it sends — an empty object, or a body no
 * schema accepts — never a 400 about a body it may not send. Every write of the OpenAPI document is tried as the
 * officials, as the super admin outside what it administers, and as staff without the permission.
 */
let t: TestApp;
let writes: string[] = [];

beforeAll(async () => {
  t = await createTestApp();
  const doc = (await t.app.inject({ url: '/api/openapi.json' })).json() as { paths: Record<string, Record<string, { security?: unknown[] }>> };
  writes = Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops)
      // Public writes (sign-in, the gateway's delivery report) have no caller to refuse.
      .filter(([method, op]) => method !== 'get' && path.startsWith('/api/') && op.security?.length !== 0)
      .map(([method]) => `${method.toUpperCase()} ${path}`),
  );
}, 120_000);
afterAll(() => t.close());

/** The writes every signed-in user may call: one's own password, and signing out (never sent here: it ends the session). */
const EVERYONE = ['POST /api/users/change_password/', 'POST /api/users/logout/'];

/** What the super admin administers: users, facilities, reference lists and the catalogue, API clients, DHIS2. */
const ADMINISTERED = [
  /^\/api\/(users|facilities|test_type|api_client|dhis2)\//,
  ...[...REFERENCE_DEFS, benchResource].map((def) => new RegExp(`^/api/${def.path}/`)),
];

/** Staff without a permission, and the writes that need it. */
const WITHOUT: [MatrixUser, RegExp, string][] = [
  ['clin_analyst', /^\/api\/(invoice|invoice_adjustment|refund|billing_settings)\//, 'billing: payments, discounts, refunds, decisions, the setting'],
  [
    'clin_analyst',
    /^\/api\/(clients|general_order|shipment|consumable\w*|received_consumable|asset\w*|users|notifications)\//,
    'registration, referral, stock',
  ],
  ['ph_data_analyst', /^\/api\/results\//, 'result entry and review'],
  ['ph_data_analyst', /^\/api\/(general_order|tb_sample|eid_sample|vl_sample|public_health_sample|clients|worksheet|qc_run|qc_rules)\//, 'samples'],
  ['ph_data_analyst', /^\/api\/(instrument_unmatched|critical_alerts|electronic_request|offline)\//, 'the laboratory bench'],
  ['clin_receptionist', /^\/api\/(qc_run|qc_rules|worksheet|worksheet_template|instrument_unmatched|critical_alerts)\//, 'quality control, worksheets'],
  ['clin_receptionist', /^\/api\/(invoice_adjustment|refund|billing_settings|consumable\w*|received_consumable|asset\w*)\//, 'decisions, stock, equipment'],
  ['clin_receptionist', /^\/api\/results\/(verify|approve|\{id\}\/(verify|approve|reject|retest|amend))\//, 'result review'],
  ['clin_admin', /^\/api\/(results|general_order|public_health_sample|qc_run|worksheet|shipment|invoice)\//, 'the bench, the cash desk'],
  ['ph_analyst', /^\/api\/(shipment|invoice|invoice_adjustment|refund|clients\/\{id\}\/merge)\//, 'referral, the cash desk, merging'],
];

const BODIES = ['{}', '[]'];

async function statuses(user: string, write: string): Promise<number[]> {
  const [method, path] = write.split(' ') as [string, string];
  const token = await t.token(user);
  return Promise.all(
    BODIES.map(
      async (payload) =>
        (
          await t.app.inject({
            method: method as 'POST',
            url: path.replace(/\{[^}]+\}/g, '1'),
            headers: { ...bearer(token), 'content-type': 'application/json' },
            payload,
          })
        ).statusCode,
    ),
  );
}

/** Each write sent with every body: those answered otherwise than 403. */
async function notRefused(user: string, among: string[]): Promise<string[]> {
  const out: string[] = [];
  await t.token(user); // signed in once, before the calls at once
  for (let i = 0; i < among.length; i += 8) {
    const batch = among.slice(i, i + 8);
    const seen = await Promise.all(batch.map((write) => statuses(user, write)));
    seen.forEach((codes, j) => {
      if (codes.some((c) => c !== 403)) out.push(`${batch[j]} → ${codes.join(', ')}`);
    });
  }
  return out;
}

describe('who may call a write is decided before its body is read', () => {
  it('finds the writes of the API', () => {
    expect(writes.length).toBeGreaterThan(200);
    for (const write of EVERYONE) expect(writes).toContain(write);
  });

  for (const official of ['fed_tier', 'lagos_tier', 'ikeja_tier'] as const)
    it(`refuses an official every write but its own password and sign-out (${official})`, async () => {
      expect(
        await notRefused(
          official,
          writes.filter((w) => !EVERYONE.includes(w)),
        ),
      ).toEqual([]);
      // Its own password is its own: the body is read, and an empty one named.
      expect(await statuses(official, 'POST /api/users/change_password/')).toEqual([400, 400]);
    }, 120_000);

  it('refuses the super admin every write outside what it administers', async () => {
    const outside = writes.filter((w) => !EVERYONE.includes(w) && !ADMINISTERED.some((re) => re.test(w.split(' ')[1]!)));
    expect(outside.length).toBeGreaterThan(150);
    expect(await notRefused('superadmin', outside)).toEqual([]);
  }, 120_000);

  for (const [user, paths, what] of WITHOUT)
    it(`refuses ${user} the writes it holds no permission for (${what})`, async () => {
      const theirs = writes.filter((w) => !EVERYONE.includes(w) && paths.test(w.split(' ')[1]!));
      expect(theirs.length, String(paths)).toBeGreaterThan(0);
      expect(await notRefused(user, theirs)).toEqual([]);
    }, 120_000);

  it("answers with the service's own reason, and lets those who may call on to their body", async () => {
    const send = async (user: string, url: string) =>
      t.app.inject({ method: 'POST', url, headers: { ...bearer(await t.token(user)), 'content-type': 'application/json' }, payload: '{}' });
    for (const [url, reason] of [
      ['/api/qc_run/', 'Your role may not record quality control in any programme.'],
      ['/api/worksheet/', 'Your role may not prepare worksheets in any programme.'],
      ['/api/asset/bulk_check_out/', 'The equipment register is kept by the facility’s administrator.'],
    ] as const) {
      for (const user of ['fed_tier', 'superadmin']) {
        const res = await send(user, url);
        expect(res.statusCode, `${user} ${url}`).toBe(403);
        expect(res.json()).toEqual({ detail: reason });
      }
    }
    expect((await send('clin_supervisor', '/api/qc_run/')).statusCode).toBe(400);
    expect((await send('ph_analyst', '/api/worksheet/')).statusCode).toBe(400);
    expect((await send('clin_admin', '/api/asset/bulk_check_out/')).statusCode).toBe(400);
  });
});

import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { rowsOf } from '../../core/db.js';
import { bearer, createTestApp, type TestApp } from '../../test/harness.js';
import { type MatrixRow, type MatrixUser, matrixTests } from '../../test/matrix.js';

/**
 * The equipment register × every demo user: the facility's administrator (Yaba's ph_admin for Yaba's rows) keeps it;
 * another facility's administrator (Ikeja's clin_admin) finds none of Yaba's rows (404, or a 400 naming the tag it
 * scanned) and keeps its own; the facility's other staff read only the availability of its instruments; the super
 * admin and the tier users reach nothing (403).
 */
let t: TestApp;
const ids = { kind: 0, kindToDelete: 0, location: 0, locationToDelete: 0, asset: 0, out: 0, repairing: 0, bulk: 0, bench: 0 };
const tags = { asset: '', bulk: '' };
const stamp = Date.now().toString(36).toUpperCase();
let n = 0;
const unique = () => `${stamp}-${++n}`;

const as = async (user: string, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) => {
  const res = await t.app.inject({ method, url, headers: bearer(await t.token(user)), ...(payload ? { payload } : {}) });
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300);
  return res.json();
};

beforeAll(async () => {
  t = await createTestApp();
  ids.bench = rowsOf<{ id: number }>(await t.database.db.execute(sql`select id from benches where is_active limit 1`))[0]!.id;
  ids.kind = (await as('ph_admin', 'POST', '/api/asset_generic/', { name: `Matrix kind ${stamp}`, category: 'other', calibration_interval_days: 365 })).id;
  ids.kindToDelete = (await as('ph_admin', 'POST', '/api/asset_generic/', { name: `Matrix kind to delete ${stamp}`, category: 'other' })).id;
  ids.location = (await as('ph_admin', 'POST', '/api/asset_config/', { name: `Matrix room ${stamp}` })).id;
  ids.locationToDelete = (await as('ph_admin', 'POST', '/api/asset_config/', { name: `Matrix room to delete ${stamp}` })).id;
  const make = async () => as('ph_admin', 'POST', '/api/asset/', { tag: `MX-${unique()}`, name: 'Matrix centrifuge', generic: ids.kind });
  const asset = await make();
  [ids.asset, tags.asset] = [asset.id, asset.tag];
  ids.out = (await make()).id;
  await as('ph_admin', 'POST', `/api/asset/${ids.out}/check_out/`, { bench: ids.bench });
  ids.repairing = (await make()).id;
  await as('ph_admin', 'POST', `/api/asset/${ids.repairing}/under_repair/`, {});
  const bulk = await make();
  [ids.bulk, tags.bulk] = [bulk.id, bulk.tag];
});
afterAll(() => t.close());

const ADMINS = { clinicalAdmin: 200, labAdmin: 200 };
/** A Yaba row: Yaba's admin may, Ikeja's finds nothing. */
const YABA = (status = 200) => ({ labAdmin: status, clinicalAdmin: 404 });
/** Put back what Yaba's admin changed (each user's call must find the asset as it was). */
const undo =
  (url: () => string, body: () => object = () => ({})) =>
  async (user: MatrixUser, status: number) => {
    if (user === 'ph_admin' && status < 300) await as('ph_admin', 'POST', url(), body());
  };
const kind = () => ({ name: `Matrix kind ${unique()}`, category: 'centrifuge', maintenance_interval_days: 90 });
const place = () => ({ name: `Matrix place ${unique()}` });

const ROWS: MatrixRow[] = [
  { name: 'list kinds', method: 'GET', url: () => '/api/asset_generic/?page=1', expect: ADMINS, otherwise: 403 },
  { name: 'add a kind', method: 'POST', url: () => '/api/asset_generic/', body: kind, expect: { clinicalAdmin: 201, labAdmin: 201 }, otherwise: 403 },
  { name: 'read a Yaba kind', method: 'GET', url: () => `/api/asset_generic/${ids.kind}/`, expect: YABA(), otherwise: 403 },
  {
    name: 'replace a Yaba kind',
    method: 'PUT',
    url: () => `/api/asset_generic/${ids.kind}/`,
    body: () => ({ name: `Matrix kind ${stamp}`, category: 'other', calibration_interval_days: 365 }),
    expect: YABA(),
    otherwise: 403,
  },
  {
    name: 'correct a Yaba kind',
    method: 'PATCH',
    url: () => `/api/asset_generic/${ids.kind}/`,
    body: () => ({ maintenance_interval_days: 120 }),
    expect: YABA(),
    otherwise: 403,
  },
  { name: 'delete a Yaba kind', method: 'DELETE', url: () => `/api/asset_generic/${ids.kindToDelete}/`, expect: YABA(204), otherwise: 403 },
  { name: 'list locations', method: 'GET', url: () => '/api/asset_config/?page=1', expect: ADMINS, otherwise: 403 },
  { name: 'add a location', method: 'POST', url: () => '/api/asset_config/', body: place, expect: { clinicalAdmin: 201, labAdmin: 201 }, otherwise: 403 },
  { name: 'read a Yaba location', method: 'GET', url: () => `/api/asset_config/${ids.location}/`, expect: YABA(), otherwise: 403 },
  {
    name: 'replace a Yaba location',
    method: 'PUT',
    url: () => `/api/asset_config/${ids.location}/`,
    body: () => ({ name: `Matrix room ${stamp}` }),
    expect: YABA(),
    otherwise: 403,
  },
  {
    name: 'correct a Yaba location',
    method: 'PATCH',
    url: () => `/api/asset_config/${ids.location}/`,
    body: () => ({ is_active: true }),
    expect: YABA(),
    otherwise: 403,
  },
  { name: 'delete a Yaba location', method: 'DELETE', url: () => `/api/asset_config/${ids.locationToDelete}/`, expect: YABA(204), otherwise: 403 },
  { name: 'list the register', method: 'GET', url: () => '/api/asset/', expect: ADMINS, otherwise: 403 },
  {
    name: 'register an asset',
    method: 'POST',
    url: () => '/api/asset/',
    body: () => ({ tag: `MX-${unique()}`, name: 'Matrix' }),
    expect: { clinicalAdmin: 201, labAdmin: 201 },
    otherwise: 403,
  },
  { name: 'read a Yaba asset', method: 'GET', url: () => `/api/asset/${ids.asset}/`, expect: YABA(), otherwise: 403 },
  { name: 'correct a Yaba asset', method: 'PATCH', url: () => `/api/asset/${ids.asset}/`, body: () => ({ note: 'Matrix' }), expect: YABA(), otherwise: 403 },
  { name: 'find a Yaba asset by its tag', method: 'GET', url: () => `/api/asset/by_tag/?tag=${tags.asset}`, expect: YABA(), otherwise: 403 },
  { name: 'who an asset may go to', method: 'GET', url: () => '/api/asset/people/', expect: ADMINS, otherwise: 403 },
  { name: 'the due lists', method: 'GET', url: () => '/api/asset/due/', expect: ADMINS, otherwise: 403 },
  { name: 'the availability of instruments', method: 'GET', url: () => '/api/asset/availability/', expect: { ...ADMINS, staff: 200 }, otherwise: 403 },
  { name: 'print Yaba asset tags', method: 'GET', url: () => `/api/asset/labels.pdf?ids=${ids.asset},${ids.out}`, expect: YABA(), otherwise: 403 },
  { name: 'print a Yaba asset’s tag', method: 'GET', url: () => `/api/asset/${ids.asset}/label.pdf`, expect: YABA(), otherwise: 403 },
  {
    name: 'check out a Yaba asset',
    method: 'POST',
    url: () => `/api/asset/${ids.asset}/check_out/`,
    body: () => ({ bench: ids.bench }),
    expect: YABA(),
    otherwise: 403,
    after: undo(() => `/api/asset/${ids.asset}/check_in/`),
  },
  {
    name: 'check in a Yaba asset',
    method: 'POST',
    url: () => `/api/asset/${ids.out}/check_in/`,
    body: () => ({}),
    expect: YABA(),
    otherwise: 403,
    after: undo(
      () => `/api/asset/${ids.out}/check_out/`,
      () => ({ bench: ids.bench }),
    ),
  },
  {
    name: 'check out Yaba tags at once (Ikeja knows no such tag: 400 naming it)',
    method: 'POST',
    url: () => '/api/asset/bulk_check_out/',
    body: () => ({ bench: ids.bench, tags: [tags.bulk] }),
    expect: { labAdmin: 200, clinicalAdmin: 400 },
    otherwise: 403,
    after: undo(() => `/api/asset/${ids.bulk}/check_in/`),
  },
  {
    name: 'put a Yaba asset under repair',
    method: 'POST',
    url: () => `/api/asset/${ids.asset}/under_repair/`,
    body: () => ({ fault: 'Matrix' }),
    expect: YABA(),
    otherwise: 403,
    after: undo(() => `/api/asset/${ids.asset}/back_in_service/`),
  },
  {
    name: 'put a Yaba asset back in service',
    method: 'POST',
    url: () => `/api/asset/${ids.repairing}/back_in_service/`,
    body: () => ({ work_done: 'Matrix' }),
    expect: YABA(),
    otherwise: 403,
    after: undo(() => `/api/asset/${ids.repairing}/under_repair/`),
  },
  {
    name: 'take a Yaba asset out of service',
    method: 'POST',
    url: () => `/api/asset/${ids.asset}/out_of_service/`,
    body: () => ({ reason: 'Matrix' }),
    expect: YABA(),
    otherwise: 403,
    after: undo(() => `/api/asset/${ids.asset}/back_in_service/`),
  },
  {
    name: 'record maintenance of a Yaba asset',
    method: 'POST',
    url: () => `/api/asset/${ids.asset}/maintenance/`,
    body: () => ({
      kind: 'preventive',
      down_from: new Date(Date.now() - 7_200_000).toISOString(),
      down_to: new Date(Date.now() - 3_600_000).toISOString(),
      work_done: 'Matrix',
    }),
    expect: YABA(),
    otherwise: 403,
  },
  {
    name: 'record a calibration of a Yaba asset',
    method: 'POST',
    url: () => `/api/asset/${ids.asset}/calibrations/`,
    body: () => ({ calibrated_on: new Date(Date.now() - 86_400_000).toISOString().slice(0, 10) }),
    expect: YABA(),
    otherwise: 403,
  },
  {
    name: 'record a certificate of a Yaba asset',
    method: 'POST',
    url: () => `/api/asset/${ids.asset}/certificates/`,
    body: () => ({ agency: 'Matrix', valid_from: '2026-01-01', valid_to: '2030-01-01' }),
    expect: YABA(),
    otherwise: 403,
  },
];

describe('authorisation matrix: the equipment register', () => {
  matrixTests(() => t, ROWS);
});

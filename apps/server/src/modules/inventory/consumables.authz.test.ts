import { afterAll, beforeAll, describe } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../test/harness.js';
import { type MatrixRow, matrixTests } from '../../test/matrix.js';

/**
 * Consumables × every demo user: only a facility's administrator keeps its stock (clin_admin at Ikeja, ph_admin at
 * Yaba). Yaba's items, lots and configurations are not found for Ikeja's administrator (404; named in a body or a
 * query, a 400 on that field); facility staff, the tier users and the super admin get 403 on every endpoint.
 */
let t: TestApp;
const ids = { item: 0, spare: 0, config: 0, doomed: 0, lot: 0, fresh: 0, xpert: 0, bench: 0 };
const day = (offset: number) => new Date(Date.now() + 3_600_000 + offset * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  t = await createTestApp();
  const as = async (method: 'GET' | 'POST', url: string, payload?: object) =>
    (await t.app.inject({ method, url, headers: bearer(await t.token('ph_admin')), ...(payload ? { payload } : {}) })).json();
  const tests = (await as('GET', '/api/consumable_config/tests/')) as { id: number; code: string; bench: number }[];
  const xpert = tests.find((x) => x.code === 'TB-XPERT')!;
  ids.xpert = xpert.id;
  ids.bench = xpert.bench;
  ids.item = (await as('POST', '/api/consumable_generic/', { name: 'Matrix cartridges', category: 'cartridge', pack_size: 10 })).id;
  ids.spare = (await as('POST', '/api/consumable_generic/', { name: 'Matrix spare', category: 'supply' })).id;
  ids.config = (await as('POST', '/api/consumable_config/', { item: ids.spare, test_type: xpert.id })).id;
  const other = tests.find((x) => x.code !== 'TB-XPERT' && !x.code.startsWith('TB-XPERT'))!;
  ids.doomed = (await as('POST', '/api/consumable_config/', { item: ids.spare, test_type: other.id })).id;
  const receipt = (lot: string) => ({ item: ids.item, lot_number: lot, expiry_date: day(200), quantity: 100, quantity_in: 'packs' });
  ids.lot = (await as('POST', '/api/received_consumable/', receipt('M-1'))).lot.id;
  ids.fresh = (await as('POST', '/api/received_consumable/', receipt('M-2'))).lot.id;
});
afterAll(() => t.close());

/** Both administrators reach their own facility's lists; nobody else. */
const ADMINS = { clinicalAdmin: 200, labAdmin: 200 };
/** Yaba's rows: its administrator, and a 404 (or `other`) for Ikeja's. */
const yaba = (ok: number, other = 404) => ({ labAdmin: ok, clinicalAdmin: other });

const ROWS: MatrixRow[] = [
  { name: 'list items', method: 'GET', url: () => '/api/consumable_generic/', expect: ADMINS, otherwise: 403 },
  {
    name: 'add an item',
    method: 'POST',
    url: () => '/api/consumable_generic/',
    body: () => ({ name: `Matrix ${Math.random().toString(36).slice(2)}`, category: 'kit' }),
    expect: { clinicalAdmin: 201, labAdmin: 201 },
    otherwise: 403,
  },
  { name: 'read an item', method: 'GET', url: () => `/api/consumable_generic/${ids.item}/`, expect: yaba(200), otherwise: 403 },
  {
    name: 'change an item',
    method: 'PATCH',
    url: () => `/api/consumable_generic/${ids.item}/`,
    body: () => ({ reorder_level: 3 }),
    expect: yaba(200),
    otherwise: 403,
  },
  { name: 'list configurations', method: 'GET', url: () => '/api/consumable_config/', expect: ADMINS, otherwise: 403 },
  { name: 'the tests offered', method: 'GET', url: () => '/api/consumable_config/tests/', expect: ADMINS, otherwise: 403 },
  {
    name: 'add a configuration',
    method: 'POST',
    url: () => '/api/consumable_config/',
    body: () => ({ item: ids.item, test_type: ids.xpert }),
    expect: yaba(201, 400),
    otherwise: 403,
  },
  {
    name: 'change a configuration',
    method: 'PATCH',
    url: () => `/api/consumable_config/${ids.config}/`,
    body: () => ({ quantity_per_test: 2 }),
    expect: yaba(200),
    otherwise: 403,
  },
  { name: 'delete a configuration', method: 'DELETE', url: () => `/api/consumable_config/${ids.doomed}/`, expect: yaba(204), otherwise: 403 },
  { name: 'list receipts', method: 'GET', url: () => '/api/received_consumable/', expect: ADMINS, otherwise: 403 },
  {
    name: 'receive a lot',
    method: 'POST',
    url: () => '/api/received_consumable/',
    body: () => ({ item: ids.item, lot_number: 'M-1', expiry_date: day(200), quantity: 1, quantity_in: 'units' }),
    expect: yaba(201, 400),
    otherwise: 403,
  },
  { name: 'list lots', method: 'GET', url: () => '/api/consumable/', expect: ADMINS, otherwise: 403 },
  { name: 'plan an issue', method: 'GET', url: () => `/api/consumable/issue_plan/?item=${ids.item}&quantity=1`, expect: yaba(200, 400), otherwise: 403 },
  {
    name: 'issue to a bench',
    method: 'POST',
    url: () => '/api/consumable/issue/',
    body: () => ({ item: ids.item, bench: ids.bench, quantity: 1, quantity_in: 'packs' }),
    expect: yaba(200, 400),
    otherwise: 403,
  },
  { name: 'read a lot', method: 'GET', url: () => `/api/consumable/${ids.lot}/`, expect: yaba(200), otherwise: 403 },
  {
    name: 'adjust a lot',
    method: 'POST',
    url: () => `/api/consumable/${ids.lot}/adjust/`,
    body: () => ({ bench: null, quantity: 1, reason: 'count_correction' }),
    expect: yaba(200),
    otherwise: 403,
  },
  {
    name: 'dispose of part of a lot',
    method: 'POST',
    url: () => `/api/consumable/${ids.lot}/dispose/`,
    body: () => ({ bench: null, quantity: 1, reason: 'damaged' }),
    expect: yaba(200),
    otherwise: 403,
  },
  {
    name: 'count a lot',
    method: 'POST',
    url: () => `/api/consumable/${ids.lot}/count/`,
    body: () => ({ bench: null, counted: 500 }),
    expect: yaba(200),
    otherwise: 403,
  },
  { name: 'open a lot', method: 'POST', url: () => `/api/consumable/${ids.fresh}/open/`, body: () => ({}), expect: yaba(200), otherwise: 403 },
  {
    name: 'quarantine a lot',
    method: 'POST',
    url: () => `/api/consumable/${ids.fresh}/quarantine/`,
    body: () => ({ note: 'matrix' }),
    expect: yaba(200),
    otherwise: 403,
  },
  { name: 'release a lot', method: 'POST', url: () => `/api/consumable/${ids.fresh}/release/`, body: () => ({}), expect: yaba(200), otherwise: 403 },
  { name: 'a lot’s stock card', method: 'GET', url: () => `/api/stock_card/?lot=${ids.lot}`, expect: yaba(200), otherwise: 403 },
  { name: 'an item’s stock card as CSV', method: 'GET', url: () => `/api/stock_card/?item=${ids.item}&format=csv`, expect: yaba(200), otherwise: 403 },
  { name: 'the alerts', method: 'GET', url: () => '/api/consumable_alerts/', expect: ADMINS, otherwise: 403 },
];

describe('consumables × every demo user', () => {
  matrixTests(() => t, ROWS);
});

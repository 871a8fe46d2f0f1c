import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clinicalSteps } from '../../test/clinical.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { auditEvents } from '../audit/audit.table.js';
import { clients } from './clients.table.js';

let t: TestApp;
const steps = clinicalSteps(() => t);
const { as } = steps;
let testId: number;
let n = 0;
const unique = (prefix: string) => `${prefix}-${Date.now().toString(36)}${(n++).toString(36)}`;

beforeAll(async () => {
  t = await createTestApp();
  const catalogue = await steps.catalogue();
  testId = catalogue.find((c) => !c.is_panel && !c.panel && c.result_type === 'numeric')!.id;
});
afterAll(() => t.close());

const HOSPITAL = 1;
const NIN = 4;

async function register(user: string, body: Record<string, unknown>) {
  const res = await as(user, 'POST', '/api/clients/', { sex: 'female', estimated_age_years: 30, ...body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; identifiers: { identifier_type: number; identifier: string }[] } & Record<string, unknown>;
}

const search = async (user: string, term: string) =>
  (await as(user, 'GET', `/api/clients/?page=1&search=${encodeURIComponent(term)}`)).json() as { count: number; results: { id: number }[] };

describe('clients/ across programmes', () => {
  it('a TB receptionist registers a client and finds it by name, phone and identifier', async () => {
    const lga = unique('LGATB');
    const created = await register('ph_receptionist', {
      first_name: 'Musa',
      last_name: 'Danjuma',
      phone: '08071234567',
      identifiers: [{ identifier_type: 2, identifier: lga }],
    });
    expect(created).toMatchObject({ first_name: 'Musa', merged_into: null, merged_at: null });
    for (const term of ['Danjuma', '08071234567', lga]) {
      const found = await search('ph_receptionist', term);
      expect(
        found.results.map((c) => c.id),
        term,
      ).toContain(created.id);
    }
    // another facility's staff do not see it, and get 404 for it
    expect((await search('clin_receptionist', 'Danjuma')).results.map((c) => c.id)).not.toContain(created.id);
    expect((await as('kano_supervisor', 'GET', `/api/clients/${created.id}/`)).statusCode).toBe(404);
    expect((await as('kano_supervisor', 'PATCH', `/api/clients/${created.id}/`, { phone: '0800' })).statusCode).toBe(404);
  });

  it('an analyst may read clients but not register or edit them; a tier user neither', async () => {
    const client = await register('clin_receptionist', { first_name: 'Bola', last_name: 'Ade' });
    expect((await as('clin_analyst', 'GET', '/api/clients/?page=1')).statusCode).toBe(200);
    expect((await as('ph_analyst', 'GET', '/api/clients/?page=1')).statusCode).toBe(200);
    expect((await as('clin_analyst', 'GET', `/api/clients/${client.id}/`)).statusCode).toBe(200);
    expect((await as('clin_analyst', 'POST', '/api/clients/', { first_name: 'A', last_name: 'B', sex: 'male', estimated_age_years: 3 })).statusCode).toBe(403);
    expect((await as('clin_analyst', 'PATCH', `/api/clients/${client.id}/`, { phone: '0800' })).statusCode).toBe(403);
    expect((await as('fed_tier', 'GET', '/api/clients/?page=1')).statusCode).toBe(403);
    expect((await as('clin_admin', 'GET', '/api/clients/?page=1')).statusCode).toBe(403);
  });
});

describe('POST clients/{id}/merge/', () => {
  async function pair() {
    const name = unique('Okoro');
    const hosp = unique('H');
    const keep = await register('clin_receptionist', {
      first_name: 'Chioma',
      last_name: name,
      identifiers: [{ identifier_type: HOSPITAL, identifier: hosp }],
    });
    const nin = unique('NIN');
    const duplicate = await register('clin_receptionist', {
      first_name: 'Chioma',
      last_name: name,
      other_names: 'Ada',
      phone: '08039998888',
      address: '3 Allen Avenue, Ikeja',
      identifiers: [
        { identifier_type: HOSPITAL, identifier: unique('H') },
        { identifier_type: NIN, identifier: nin },
      ],
    });
    return { keep, duplicate, name, nin };
  }

  it('moves orders and identifiers, fills empty fields, keeps both rows and writes one audit row', async () => {
    const { keep, duplicate, name, nin } = await pair();
    const orderOfDuplicate = (await as('clin_receptionist', 'POST', '/api/general_order/', { client: duplicate.id, test_types: [testId] })).json();
    const orderOfKeep = (await as('clin_receptionist', 'POST', '/api/general_order/', { client: keep.id, test_types: [testId] })).json();
    expect((await search('clin_receptionist', name)).count).toBe(2);

    const res = await as('clin_supervisor', 'POST', `/api/clients/${keep.id}/merge/`, { duplicate: duplicate.id });
    expect(res.statusCode, res.body).toBe(200);
    const merged = res.json();
    expect(merged).toMatchObject({ id: keep.id, merged_into: null, other_names: 'Ada', phone: '08039998888', address: '3 Allen Avenue, Ikeja' });
    expect(merged.identifiers.map((i: { identifier: string }) => i.identifier).sort()).toEqual(
      [...keep.identifiers, ...duplicate.identifiers].map((i) => i.identifier).sort(),
    );
    expect(merged.identifiers.map((i: { identifier: string }) => i.identifier)).toContain(nin);

    // both orders are now the kept client's
    const ordersOf = async (client: number) => {
      const res = await as('clin_receptionist', 'GET', `/api/general_order/?page=1&Filters.client=${client}`);
      expect(res.statusCode, res.body).toBe(200);
      return (res.json().results as { lab_number: string }[]).map((o) => o.lab_number).sort();
    };
    expect(await ordersOf(keep.id)).toEqual([orderOfDuplicate.lab_number, orderOfKeep.lab_number].sort());
    expect(await ordersOf(duplicate.id)).toEqual([]);

    // the duplicate is kept, says where it went, and is gone from lists and searches
    const kept = await t.database.db.select().from(clients).where(eq(clients.id, duplicate.id));
    expect(kept[0]).toMatchObject({ mergedInto: keep.id });
    expect(kept[0]!.mergedAt).toBeInstanceOf(Date);
    const detail = await as('clin_receptionist', 'GET', `/api/clients/${duplicate.id}/`);
    expect(detail.statusCode).toBe(200);
    expect(detail.json()).toMatchObject({ id: duplicate.id, merged_into: keep.id, identifiers: [] });
    const found = await search('clin_receptionist', name);
    expect(found.results.map((c) => c.id)).toEqual([keep.id]);
    expect((await search('clin_receptionist', nin)).results.map((c) => c.id)).toEqual([keep.id]);
    const list = (await as('clin_receptionist', 'GET', '/api/clients/?page=1&page_size=100')).json();
    expect(list.results.map((c: { id: number }) => c.id)).not.toContain(duplicate.id);
    // the sample search finds the moved order under the kept client
    const samples = (await as('clin_receptionist', 'GET', `/api/general_order/?page=1&search=${encodeURIComponent(name)}`)).json();
    expect(samples.results.map((o: { lab_number: string; client: number }) => [o.lab_number, o.client]).sort()).toEqual(
      [
        [orderOfDuplicate.lab_number, keep.id],
        [orderOfKeep.lab_number, keep.id],
      ].sort(),
    );

    const audit = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'client.merged'), eq(auditEvents.entityId, String(keep.id))));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ entity: 'client', username: 'clin_supervisor' });
    expect(audit[0]!.before).toMatchObject({ client: { id: keep.id, phone: '' }, duplicate: { id: duplicate.id, merged_into: null } });
    expect(audit[0]!.after).toMatchObject({
      client: { id: keep.id, phone: '08039998888' },
      duplicate: { id: duplicate.id, merged_into: keep.id },
      orders_moved: 1,
      identifiers_moved: 2,
      identifiers_dropped: 0,
    });
  });

  it('refuses merging into itself, an already-merged record either way, and a merged record is not edited', async () => {
    const { keep, duplicate } = await pair();
    const self = await as('clin_supervisor', 'POST', `/api/clients/${keep.id}/merge/`, { duplicate: keep.id });
    expect(self.statusCode).toBe(400);
    expect(self.json()).toEqual({ duplicate: [expect.stringMatching(/itself/)] });

    expect((await as('clin_supervisor', 'POST', `/api/clients/${keep.id}/merge/`, { duplicate: duplicate.id })).statusCode).toBe(200);
    const again = await as('clin_supervisor', 'POST', `/api/clients/${keep.id}/merge/`, { duplicate: duplicate.id });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ duplicate: [expect.stringMatching(/already merged/)] });
    const into = await as('clin_supervisor', 'POST', `/api/clients/${duplicate.id}/merge/`, { duplicate: keep.id });
    expect(into.statusCode).toBe(400);
    expect(into.json()).toEqual({ id: [expect.stringMatching(/already merged/)] });

    expect((await as('clin_receptionist', 'PATCH', `/api/clients/${duplicate.id}/`, { phone: '0800' })).statusCode).toBe(409);
    expect((await as('clin_supervisor', 'POST', `/api/clients/${keep.id}/merge/`, {})).json()).toEqual({ duplicate: ['This field is required.'] });
  });

  it("gives 404 for another facility's client on either side", async () => {
    const ikeja = await register('clin_receptionist', { first_name: 'Ngozi', last_name: unique('Eze') });
    const yabaName = unique('Eze');
    const yaba = await register('ph_receptionist', { first_name: 'Ngozi', last_name: yabaName });
    const yaba2 = await register('ph_receptionist', { first_name: 'Ngozi', last_name: yabaName });
    expect((await as('clin_supervisor', 'POST', `/api/clients/${ikeja.id}/merge/`, { duplicate: yaba.id })).statusCode).toBe(404);
    expect((await as('clin_supervisor', 'POST', `/api/clients/${yaba.id}/merge/`, { duplicate: ikeja.id })).statusCode).toBe(404);
    expect((await as('kano_supervisor', 'POST', `/api/clients/${yaba.id}/merge/`, { duplicate: yaba2.id })).statusCode).toBe(404);
    expect((await as('clin_supervisor', 'POST', '/api/clients/2147483647/merge/', { duplicate: ikeja.id })).statusCode).toBe(404);
    // nothing changed
    expect((await as('ph_receptionist', 'GET', `/api/clients/${yaba.id}/`)).json().merged_into).toBeNull();
    // a TB supervisor merges Yaba's records
    expect((await as('ph_supervisor', 'POST', `/api/clients/${yaba.id}/merge/`, { duplicate: yaba2.id })).statusCode).toBe(200);
  });

  it('is for supervisors only: receptionists, clerks and analysts get 403, and nothing changes', async () => {
    const { keep, duplicate } = await pair();
    for (const user of ['clin_receptionist', 'clin_clerk', 'clin_analyst', 'clin_manager', 'clin_admin', 'ph_receptionist', 'superadmin', 'fed_tier']) {
      const res = await as(user, 'POST', `/api/clients/${keep.id}/merge/`, { duplicate: duplicate.id });
      expect(res.statusCode, user).toBe(403);
    }
    expect((await as('clin_receptionist', 'GET', `/api/clients/${duplicate.id}/`)).json().merged_into).toBeNull();
  });
});

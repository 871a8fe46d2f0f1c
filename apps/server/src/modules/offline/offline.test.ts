import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../core/db.js';
import { bearer, createTestApp, type TestApp } from '../../test/harness.js';
import { programmeSteps, requestFormFor, TUBERCULOSIS, VIRAL_LOAD } from '../../test/programmes.js';

/**
 * A receptionist at Yaba registers a client with a TB and a viral-load sample on a device without a connection;
 * the record reaches the server later, perhaps twice (a reply lost on the way), and must register once; reception
 * then finds each sample by its lab number or by the provisional number printed on the device. What changed on
 * the server meanwhile is refused with its reason.
 */
let t: TestApp;
const tb = programmeSteps(() => t, TUBERCULOSIS);
const vl = programmeSteps(() => t, VIRAL_LOAD);
const USER = 'ph_receptionist';
let prefix = '';
let counter = 0;
const ids = { tbTest: 0, vlTest: 0, sputum: 0, plasma: 0 };

const as = async (user: string, method: 'GET' | 'POST' | 'PATCH' | 'PUT', url: string, payload?: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method, url, headers: { ...bearer(await t.token(user)), ...headers }, ...(payload ? { payload } : {}) });
const send = (record: { id: string } & Record<string, unknown>, user = USER) =>
  as(user, 'POST', '/api/offline/registrations/', record, { 'idempotency-key': record.id });
const nextNumber = () => `${prefix}-${String(++counter).padStart(4, '0')}`;

function request(program: 'tb' | 'vl') {
  const collected_at = new Date(Date.now() - 60 * 60_000).toISOString();
  return program === 'tb'
    ? {
        program: TUBERCULOSIS.program,
        form: requestFormFor(TUBERCULOSIS),
        test_types: [ids.tbTest],
        samples: [{ provisional_number: nextNumber(), sample_type: ids.sputum, collected_at }],
      }
    : {
        program: VIRAL_LOAD.program,
        form: requestFormFor(VIRAL_LOAD),
        test_types: [ids.vlTest],
        samples: [{ provisional_number: nextNumber(), sample_type: ids.plasma, collected_at }],
      };
}
const newClient = (last_name = `Offline-${randomUUID().slice(0, 6)}`) => ({ first_name: 'Ngozi', last_name, sex: 'female', estimated_age_years: 31 });

beforeAll(async () => {
  t = await createTestApp();
  await tb.offer(TUBERCULOSIS.test);
  await vl.offer(VIRAL_LOAD.test);
  ids.tbTest = (await tb.testByCode(TUBERCULOSIS.test)).id;
  ids.vlTest = (await vl.testByCode(VIRAL_LOAD.test)).id;
  ids.sputum = await tb.sampleTypeId();
  ids.plasma = await vl.sampleTypeId();
  const device = await as(USER, 'POST', '/api/offline/devices/', { label: 'Outreach tablet' });
  expect(device.statusCode, device.body).toBe(201);
  prefix = device.json().prefix;
});
afterAll(() => t.close());

describe('offline registration', () => {
  it('issues each device its own prefix of four unambiguous characters', async () => {
    expect(prefix).toMatch(/^[2-9A-HJ-NP-Z]{4}$/);
    const other = (await as(USER, 'POST', '/api/offline/devices/', {})).json();
    expect(other.prefix).not.toBe(prefix);
  });

  it("copies the caller's programmes' offered tests, the sample types and the facility's clients for the forms", async () => {
    const res = await as(USER, 'GET', '/api/offline/reference/');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.programs.map((p: { name: string }) => p.name)).toEqual(expect.arrayContaining(['Tuberculosis', 'Viral Load']));
    expect(body.programs.find((p: { name: string }) => p.name === 'Viral Load').tests.map((x: { id: number }) => x.id)).toContain(ids.vlTest);
    expect(body.sample_types.length).toBeGreaterThan(0);
    expect(body.clients[0]).toHaveProperty('updated_at');
  });

  it('registers a client with two samples of two programmes once, however often the record is sent', async () => {
    const lastName = `Offline-${randomUUID().slice(0, 6)}`;
    const record = { id: randomUUID(), new_client: newClient(lastName), requests: [request('tb'), request('vl')] };
    const first = await send(record);
    expect(first.statusCode, first.body).toBe(201);
    const reply = first.json();
    expect(reply.requests.map((r: { program: string }) => r.program)).toEqual(['Tuberculosis', 'Viral Load']);
    // The reply was lost: the device sends the same record under the same key, and is told what happened the first time.
    const again = await send(record);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(reply);
    const found = rowsOf<{ n: number }>(await t.database.db.execute(sql`select count(*)::int as n from clients where last_name = ${lastName}`));
    expect(found[0]!.n).toBe(1);

    // Reception scans either number and finds the collected sample.
    const sample = reply.requests[0].samples[0];
    expect(sample.provisional_number).toBe(record.requests[0]!.samples[0]!.provisional_number);
    for (const scanned of [sample.barcode, sample.provisional_number, sample.provisional_number.toLowerCase()]) {
      const list = (await as(USER, 'GET', `/api/tb_sample/?page=1&Filters.barcode=${encodeURIComponent(scanned)}`)).json();
      expect(list.results.map((r: { id: number }) => r.id)).toEqual([sample.id]);
      expect(list.results[0].status).toBe(2);
    }
    const searched = (await as(USER, 'GET', `/api/vl_sample/?page=1&search=${encodeURIComponent(reply.requests[1].samples[0].provisional_number)}`)).json();
    expect(searched.results.map((r: { id: number }) => r.id)).toEqual([reply.requests[1].samples[0].id]);
  });

  it('refuses a key other than the record id, numbers of another device, and a number used twice', async () => {
    const record = { id: randomUUID(), new_client: newClient(), requests: [request('tb')] };
    const wrongKey = await as(USER, 'POST', '/api/offline/registrations/', record, { 'idempotency-key': randomUUID() });
    expect(wrongKey.statusCode).toBe(400);
    const theirs = (await as('ph_clerk', 'POST', '/api/offline/devices/', {})).json().prefix as string;
    const foreign = { ...record, requests: [{ ...request('tb'), samples: [{ ...request('tb').samples[0]!, provisional_number: `${theirs}-0001` }] }] };
    const refused = await send(foreign);
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json().requests[0]).toContain('not issued to a device of yours');
    const reused = await send({ id: randomUUID(), new_client: newClient(), requests: [request('tb')] });
    expect(reused.statusCode).toBe(201);
    const twice = await send({
      id: randomUUID(),
      new_client: newClient(),
      requests: [
        { ...request('tb'), samples: [{ ...request('tb').samples[0]!, provisional_number: reused.json().requests[0].samples[0].provisional_number }] },
      ],
    });
    expect(twice.statusCode).toBe(400);
  });

  it("refuses an existing client changed on the server since the device's copy, until the user confirms", async () => {
    const client = (await as(USER, 'POST', '/api/clients/', newClient())).json();
    const seen = (await as(USER, 'GET', '/api/offline/reference/')).json().clients.find((c: { id: number }) => c.id === client.id);
    await new Promise((r) => setTimeout(r, 5));
    expect((await as(USER, 'PATCH', `/api/clients/${client.id}/`, { phone: '08031234567' })).statusCode).toBe(200);
    const record = { id: randomUUID(), existing_client: { id: client.id, updated_at: new Date(seen.updated_at).toISOString() }, requests: [request('vl')] };
    const refused = await send(record);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'client_changed', client: { id: client.id, phone: '08031234567' } });
    const confirmed = await send({ ...record, id: randomUUID(), existing_client: { ...record.existing_client, confirm_changed: true } });
    expect(confirmed.statusCode, confirmed.body).toBe(201);
    expect(confirmed.json().client).toBe(client.id);
  });

  it('names the surviving record of a client merged on the server meanwhile', async () => {
    const keep = (await as(USER, 'POST', '/api/clients/', newClient('Merged-Keep'))).json();
    const duplicate = (await as(USER, 'POST', '/api/clients/', newClient('Merged-Keep'))).json();
    const merged = await as('ph_supervisor', 'POST', `/api/clients/${keep.id}/merge/`, { duplicate: duplicate.id, confirm: 'MERGE' });
    expect(merged.statusCode, merged.body).toBe(200);
    const refused = await send({ id: randomUUID(), existing_client: { id: duplicate.id, updated_at: new Date().toISOString() }, requests: [request('tb')] });
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'client_merged', client: { id: keep.id } });
  });

  it('refuses a test withdrawn since the device copied the list, leaving nothing behind', async () => {
    const lastName = `Withdrawn-${randomUUID().slice(0, 6)}`;
    await t.database.db.execute(sql`update facility_test_services set is_active = false where test_type_id = ${ids.vlTest}`);
    try {
      const refused = await send({ id: randomUUID(), new_client: newClient(lastName), requests: [request('tb'), request('vl')] });
      expect(refused.statusCode, refused.body).toBe(409);
      expect(refused.json()).toMatchObject({ code: 'test_withdrawn', test: { id: ids.vlTest } });
      const found = rowsOf<{ n: number }>(await t.database.db.execute(sql`select count(*)::int as n from clients where last_name = ${lastName}`));
      expect(found[0]!.n).toBe(0);
    } finally {
      await t.database.db.execute(sql`update facility_test_services set is_active = true where test_type_id = ${ids.vlTest}`);
    }
  });

  it('asks a signed-out device to sign in again', async () => {
    const record = { id: randomUUID(), new_client: newClient(), requests: [request('tb')] };
    const res = await t.app.inject({ method: 'POST', url: '/api/offline/registrations/', payload: record, headers: { 'idempotency-key': record.id } });
    expect(res.statusCode).toBe(401);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../test/harness.js';
import { programmeSteps, VIRAL_LOAD } from '../../test/programmes.js';
import { API_CLIENT_RATE, resetClientRates } from '../api-clients/api-clients.service.js';
import { expectValidFhir } from './fhir.validation.js';

/**
 * An EMR at Yaba sends a viral-load request over FHIR and reads the result back: its API client made by Yaba's
 * administrator, the bundle posted twice (one order), the laboratory accepting it and running the sample through
 * the product as the demo's staff, and the EMR reading the completed Task, the DiagnosticReport and Observations.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const FHIR = 'application/fhir+json';
const steps = programmeSteps(() => t, VIRAL_LOAD);
const as = steps.as;

/** Every FHIR reply the EMR reads: a valid R4 resource of the expected type. */
function fhirOf(res: { statusCode: number; body: string; headers: Record<string, unknown> }, type: string) {
  const body = JSON.parse(res.body) as { resourceType: string };
  expect(body.resourceType, res.body).toBe(type);
  expectValidFhir(body);
  expect(String(res.headers['content-type'])).toContain(FHIR);
  // biome-ignore lint/suspicious/noExplicitAny: a FHIR reply read loosely by the test
  return body as Record<string, any>;
}

async function newClient(scopes: string[], programs = ['Viral Load'], user = 'ph_admin') {
  const res = await as(user, 'POST', '/api/api_client/', { name: `EMR ${Math.random().toString(36).slice(2, 8)}`, scopes, programs });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; secret: string; client_id: string };
}

const emr = (secret: string, method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { ...bearer(secret), 'content-type': FHIR, accept: FHIR }, ...(payload ? { payload: JSON.stringify(payload) } : {}) });

async function yaba() {
  const facilities = (await as('superadmin', 'GET', '/api/facilities/?page_size=100')).json();
  const list = (facilities.results ?? facilities) as { id: number; facility_name: string; facility_code: string }[];
  return list.find((f) => /yaba/i.test(f.facility_name))!;
}

/** A viral-load request for a new patient, as an EMR sends it. */
function vlBundle(owner: string, taskId: string, art: string, overrides: { code?: object; patient?: object; task?: object } = {}) {
  return {
    resourceType: 'Bundle',
    type: 'transaction',
    entry: [
      {
        fullUrl: 'urn:uuid:0b6c0e0a-1111-4a4a-9b9b-000000000001',
        resource: {
          resourceType: 'Patient',
          identifier: [{ type: { text: 'ART number' }, system: 'https://nmrs.example/art', value: art }],
          name: [{ family: 'Okafor', given: ['Ngozi'] }],
          gender: 'female',
          birthDate: '1988-03-14',
          ...overrides.patient,
        },
        request: { method: 'POST', url: 'Patient' },
      },
      {
        fullUrl: 'urn:uuid:0b6c0e0a-1111-4a4a-9b9b-000000000002',
        resource: {
          resourceType: 'ServiceRequest',
          status: 'active',
          intent: 'order',
          code: overrides.code ?? { coding: [{ system: 'http://loinc.org', code: '20447-9', display: 'HIV 1 RNA [#/volume] (viral load)' }] },
          subject: { reference: 'urn:uuid:0b6c0e0a-1111-4a4a-9b9b-000000000001' },
          requisition: { system: 'https://nmrs.example/order', value: taskId },
          requester: { display: 'Dr Adeyemi' },
        },
        request: { method: 'POST', url: 'ServiceRequest' },
      },
      {
        fullUrl: 'urn:uuid:0b6c0e0a-1111-4a4a-9b9b-000000000003',
        resource: {
          resourceType: 'Specimen',
          type: { text: 'Plasma' },
          subject: { reference: 'urn:uuid:0b6c0e0a-1111-4a4a-9b9b-000000000001' },
          collection: { collectedDateTime: new Date().toISOString() },
        },
        request: { method: 'POST', url: 'Specimen' },
      },
      {
        fullUrl: 'urn:uuid:0b6c0e0a-1111-4a4a-9b9b-000000000004',
        resource: {
          resourceType: 'QuestionnaireResponse',
          status: 'completed',
          item: [
            { linkId: 'art_start_date', answer: [{ valueDate: '2020-05-04' }] },
            { linkId: 'regimen', answer: [{ valueCoding: { code: 'TDF_3TC_DTG' } }] },
            { linkId: 'regimen_line', answer: [{ valueCoding: { code: 'first' } }] },
            { linkId: 'reason', answer: [{ valueCoding: { code: 'routine' } }] },
          ],
        },
        request: { method: 'POST', url: 'QuestionnaireResponse' },
      },
      {
        fullUrl: 'urn:uuid:0b6c0e0a-1111-4a4a-9b9b-000000000005',
        resource: {
          resourceType: 'Task',
          identifier: [{ system: 'https://nmrs.example/task', value: taskId }],
          status: 'requested',
          intent: 'order',
          focus: { reference: 'urn:uuid:0b6c0e0a-1111-4a4a-9b9b-000000000002' },
          for: { reference: 'urn:uuid:0b6c0e0a-1111-4a4a-9b9b-000000000001' },
          requester: { display: 'General Hospital Yaba ART clinic' },
          owner: { reference: owner },
          ...overrides.task,
        },
        request: { method: 'POST', url: 'Task' },
      },
    ],
  };
}

describe('orders in over FHIR', () => {
  it('an EMR posts a viral-load request, the laboratory runs it, and the EMR reads the final report and results', async () => {
    const lab = await yaba();
    const client = await newClient(['orders.write', 'results.read']);
    expect(client.secret.startsWith('nlk_')).toBe(true);
    // The secret is never readable again.
    const listed = (await as('ph_admin', 'GET', '/api/api_client/')).json() as Record<string, unknown>[];
    expect(listed.find((c) => c.id === client.id)).not.toHaveProperty('secret');
    expect(JSON.stringify(listed)).not.toContain(client.secret);

    const taskId = `NMRS-${Date.now()}`;
    const art = `ART/YB/${Date.now()}`;
    const bundle = vlBundle(`Organization/${lab.id}`, taskId, art);
    const first = await emr(client.secret, 'POST', '/fhir', bundle);
    expect(first.statusCode, first.body).toBe(201);
    const reply = fhirOf(first, 'Bundle');
    expect(reply.type).toBe('transaction-response');
    const location = reply.entry[0].response.location as string;
    expect(location).toMatch(/^Task\/\d+$/);
    // Posted again: the same request, one order.
    const again = await emr(client.secret, 'POST', '/fhir', bundle);
    expect(again.statusCode, again.body).toBe(200);
    expect(fhirOf(again, 'Bundle').entry[0].response.location).toBe(location);

    const requested = fhirOf(await emr(client.secret, 'GET', `/fhir/${location}`), 'Task');
    expect(requested).toMatchObject({ status: 'requested', intent: 'order', identifier: [{ value: taskId }] });

    // The laboratory sees it and accepts it: a new client and an order.
    const waiting = (await as('ph_receptionist', 'GET', '/api/electronic_request/?program__name=Viral%20Load&status=requested')).json();
    const request = waiting.results.find((r: { identifier: string }) => r.identifier === taskId);
    expect(request).toMatchObject({ program: 'Viral Load', status: 'requested', requester: 'General Hospital Yaba ART clinic' });
    expect(waiting.results.filter((r: { identifier: string }) => r.identifier === taskId)).toHaveLength(1);
    const accepted = await as('ph_receptionist', 'POST', `/api/electronic_request/${request.id}/accept/`, {});
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toMatchObject({ status: 'accepted' });
    const orderId = accepted.json().order as number;
    expect((await as('ph_receptionist', 'POST', `/api/electronic_request/${request.id}/accept/`, {})).statusCode).toBe(400);
    expect(fhirOf(await emr(client.secret, 'GET', `/fhir/${location}`), 'Task').status).toBe('accepted');

    // Reception collects and accepts the sample; the analyst enters, the supervisor verifies and approves.
    const list = (await as('ph_receptionist', 'GET', `/api/vl_sample/?search=${encodeURIComponent(accepted.json().lab_number)}`)).json();
    const sampleRow = (list.results ?? list).find((s: { barcode: string }) => s.barcode === accepted.json().lab_number);
    expect(sampleRow, JSON.stringify(list).slice(0, 500)).toBeTruthy();
    const sample = (await as('ph_receptionist', 'GET', `/api/vl_sample/${sampleRow.id}/`)).json();
    expect(sample.order ?? orderId).toBe(orderId);
    expect(
      (
        await as('ph_receptionist', 'POST', `/api/vl_sample/${sample.id}/collect/`, {
          collected_at: new Date().toISOString(),
          sample_type: await steps.sampleTypeId(),
        })
      ).statusCode,
    ).toBe(200);
    expect((await as('ph_receptionist', 'POST', `/api/vl_sample/${sample.id}/accept/`, {})).statusCode).toBe(200);
    const ids = await steps.enterAll({
      id: sample.id,
      tests: sample.tests.map((x: { id: number; test_type: number }) => ({ id: x.id, test_type: x.test_type })),
    });
    expect(ids.length).toBeGreaterThan(0);
    expect(fhirOf(await emr(client.secret, 'GET', `/fhir/${location}`), 'Task').status).toBe('in-progress');
    expect((await as('ph_supervisor', 'POST', '/api/results/verify/', { ids })).statusCode).toBe(200);
    expect((await as('ph_supervisor', 'POST', '/api/results/approve/', { ids, password: 'Demo@12345' })).statusCode).toBe(200);

    // The EMR polls by _lastUpdated and finds its Task completed, with the report and the results.
    const search = await emr(client.secret, 'GET', `/fhir/Task?identifier=${encodeURIComponent(`https://nmrs.example/task|${taskId}`)}&status=completed`);
    expect(search.statusCode, search.body).toBe(200);
    const found = fhirOf(search, 'Bundle');
    expect(found.entry).toHaveLength(1);
    const task = found.entry[0].resource;
    expect(task.status).toBe('completed');
    expect(task.for.reference).toMatch(/^Patient\/\d+$/);
    const outputs = (task.output as { valueReference: { reference: string } }[]).map((o) => o.valueReference.reference);
    expect(outputs.some((r) => r.startsWith('DiagnosticReport/'))).toBe(true);
    expect(outputs.some((r) => r.startsWith('Observation/'))).toBe(true);
    const polled = fhirOf(
      await emr(client.secret, 'GET', `/fhir/Task?_lastUpdated=gt${encodeURIComponent(new Date(Date.now() - 3_600_000).toISOString())}`),
      'Bundle',
    );
    expect(polled.entry.map((e: { resource: { id: string } }) => e.resource.id)).toContain(task.id);
    for (const reference of outputs) {
      const res = await emr(client.secret, 'GET', `/fhir/${reference}`);
      expect(res.statusCode, `${reference}: ${res.body}`).toBe(200);
      const resource = fhirOf(res, reference.split('/')[0]!);
      expect(resource.status).toBe('final');
    }
    // The client's last use is kept (to the minute).
    const used = ((await as('ph_admin', 'GET', '/api/api_client/')).json() as { id: number; last_used_at: string | null }[]).find((c) => c.id === client.id);
    expect(used?.last_used_at).toBeTruthy();
    // A second request for the same patient (the same ART number) is ordered for the client the first one made.
    const second = await emr(client.secret, 'POST', '/fhir', vlBundle(`Organization/${lab.id}`, `${taskId}-2`, art));
    expect(second.statusCode, second.body).toBe(201);
    const secondId = (JSON.parse(second.body).entry[0].response.location as string).split('/')[1];
    const again2 = await as('ph_receptionist', 'POST', `/api/electronic_request/${secondId}/accept/`, {});
    expect(again2.statusCode, again2.body).toBe(200);
    expect(again2.json().client).toBe(accepted.json().client);
    expect(again2.json().order).not.toBe(orderId);
    // One order: the resent bundle made none.
    const requests = (await as('ph_receptionist', 'GET', '/api/electronic_request/?program__name=Viral%20Load')).json();
    expect(requests.results.filter((r: { identifier: string }) => r.identifier === taskId)).toHaveLength(1);
    // The client is kept with the ART number as its identifier; its calls are audited under its name.
    const audit = await t.database.db.execute(
      `select action, username from audit_events where username like 'api:%' and entity = 'electronic_request' order by id` as never,
    );
    const rows = (audit as unknown as { rows: { action: string; username: string }[] }).rows;
    expect(rows.map((r) => r.action)).toEqual(expect.arrayContaining(['electronic_request.received', 'electronic_request.resent', 'fhir.read', 'fhir.search']));
  });

  it('refuses a client without orders.write, another laboratory’s client, a revoked secret, and one past its rate', async () => {
    const lab = await yaba();
    const reader = await newClient(['results.read']);
    const refused = await emr(reader.secret, 'POST', '/fhir', vlBundle(`Organization/${lab.id}`, `R-${Date.now()}`, `ART/R/${Date.now()}`));
    expect(refused.statusCode, refused.body).toBe(403);
    fhirOf(refused, 'OperationOutcome');

    // Ikeja's client addressing Yaba.
    const ikeja = await newClient(['orders.write'], ['General'], 'clin_admin');
    const elsewhere = await emr(ikeja.secret, 'POST', '/fhir', vlBundle(`Organization/${lab.id}`, `E-${Date.now()}`, `ART/E/${Date.now()}`));
    expect([400, 403], elsewhere.body).toContain(elsewhere.statusCode);
    fhirOf(elsewhere, 'OperationOutcome');

    // A revoked secret, and a rotated one: 401.
    const writer = await newClient(['orders.write']);
    expect((await emr(writer.secret, 'GET', '/fhir/Task')).statusCode).toBe(200);
    const rotated = await as('ph_admin', 'POST', `/api/api_client/${writer.id}/rotate/`, {});
    expect(rotated.statusCode, rotated.body).toBe(200);
    expect((await emr(writer.secret, 'GET', '/fhir/Task')).statusCode).toBe(401);
    expect((await emr(rotated.json().secret, 'GET', '/fhir/Task')).statusCode).toBe(200);
    expect((await as('ph_admin', 'POST', `/api/api_client/${writer.id}/revoke/`, {})).statusCode).toBe(200);
    expect((await emr(rotated.json().secret, 'GET', '/fhir/Task')).statusCode).toBe(401);
    expect((await emr(`${rotated.json().secret}x`, 'GET', '/fhir/Task')).statusCode).toBe(401);

    // An API client reaches no /api/ route, not even those any signed-in person may call.
    const system = await newClient(['orders.write', 'results.read']);
    for (const url of ['/api/users/me/', '/api/program/', '/api/vl_sample/', '/api/api_client/', '/api/electronic_request/']) {
      const res = await t.app.inject({ method: 'GET', url, headers: bearer(system.secret) });
      expect(res.statusCode, url).toBe(403);
    }

    // Past its rate: 429 with Retry-After.
    const saved = { ...API_CLIENT_RATE };
    API_CLIENT_RATE.limit = 3;
    try {
      const codes: number[] = [];
      let retryAfter: unknown;
      for (let i = 0; i < 5; i++) {
        const res = await emr(system.secret, 'GET', '/fhir/Task');
        codes.push(res.statusCode);
        if (res.statusCode === 429) retryAfter = res.headers['retry-after'];
      }
      expect(codes.slice(-2)).toEqual([429, 429]);
      expect(Number(retryAfter)).toBeGreaterThan(0);
    } finally {
      Object.assign(API_CLIENT_RATE, saved);
      resetClientRates();
    }
  });

  it('the CapabilityStatement names the transaction and Task', async () => {
    const statement = fhirOf(await t.app.inject({ method: 'GET', url: '/fhir/metadata', headers: { accept: FHIR } }), 'CapabilityStatement');
    const rest = statement.rest[0];
    expect(rest.interaction.map((i: { code: string }) => i.code)).toContain('transaction');
    const task = rest.resource.find((r: { type: string }) => r.type === 'Task');
    expect(task.searchParam.map((x: { name: string }) => x.name)).toEqual(expect.arrayContaining(['status', 'owner', 'identifier', '_lastUpdated']));
  });

  it('answers a bad bundle with 400 and an OperationOutcome naming what is wrong', async () => {
    const lab = await yaba();
    const client = await newClient(['orders.write']);
    const owner = `Organization/${lab.id}`;
    const cases: [object, string][] = [
      [{ resourceType: 'Patient' }, 'Bundle'],
      [{ ...vlBundle(owner, 'B-1', 'ART/B/1'), type: 'batch' }, 'Bundle.type'],
      [vlBundle(owner, 'B-2', 'ART/B/2', { code: { coding: [{ system: 'http://loinc.org', code: '99999-9' }] } }), 'ServiceRequest[0].code'],
      [vlBundle(owner, 'B-3', 'ART/B/3', { patient: { identifier: [] } }), 'Patient.identifier'],
      [vlBundle(owner, '', 'ART/B/4'), 'Task.identifier'],
      [vlBundle(owner, 'B-5', 'ART/B/5', { task: { status: 'accepted' } }), 'Task.status'],
      [vlBundle('Organization/999999', 'B-6', 'ART/B/6'), 'Task.owner'],
      // The viral-load request form unanswered (no QuestionnaireResponse): its first required field is named.
      [
        {
          ...vlBundle(owner, 'B-8', 'ART/B/8'),
          entry: vlBundle(owner, 'B-8', 'ART/B/8').entry.filter((e) => e.resource.resourceType !== 'QuestionnaireResponse'),
        },
        "QuestionnaireResponse.item.where(linkId='art_start_date')",
      ],
      // A programme the client may not reach (General at Yaba, by the catalogue's own code).
      [vlBundle(owner, 'B-7', 'ART/B/7', { code: { coding: [{ system: 'https://nlims.ng/fhir/CodeSystem/test-code', code: 'FBG' }] } }), 'ServiceRequest.code'],
    ];
    for (const [body, expression] of cases) {
      const res = await emr(client.secret, 'POST', '/fhir', body);
      expect(res.statusCode, `${expression}: ${res.body}`).toBe(400);
      const outcome = fhirOf(res, 'OperationOutcome');
      expect(outcome.issue[0].expression, res.body).toEqual([expression]);
    }
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/fhir',
      headers: { ...bearer(client.secret), 'content-type': FHIR },
      payload: '{"resourceType":',
    });
    expect(malformed.statusCode).toBe(400);
  });

  it('the laboratory rejects a request with a reason, and the Task says so', async () => {
    const lab = await yaba();
    const client = await newClient(['orders.write']);
    const taskId = `REJ-${Date.now()}`;
    const posted = await emr(client.secret, 'POST', '/fhir', vlBundle(`Organization/${lab.id}`, taskId, `ART/RJ/${Date.now()}`));
    const location = JSON.parse(posted.body).entry[0].response.location as string;
    const id = location.split('/')[1];
    expect((await as('ph_receptionist', 'POST', `/api/electronic_request/${id}/reject/`, { reason: '' })).statusCode).toBe(400);
    expect((await as('clin_receptionist', 'POST', `/api/electronic_request/${id}/reject/`, { reason: 'No' })).statusCode).toBe(404);
    expect((await as('ph_analyst', 'POST', `/api/electronic_request/${id}/reject/`, { reason: 'No' })).statusCode).toBe(403);
    const rejected = await as('ph_receptionist', 'POST', `/api/electronic_request/${id}/reject/`, { reason: 'The patient was transferred.' });
    expect(rejected.statusCode, rejected.body).toBe(200);
    const task = fhirOf(await emr(client.secret, 'GET', `/fhir/${location}`), 'Task');
    expect(task).toMatchObject({ status: 'rejected', statusReason: { text: 'The patient was transferred.' } });
    // Another client of the same laboratory does not read it.
    const other = await newClient(['orders.write', 'results.read']);
    expect((await emr(other.secret, 'GET', `/fhir/${location}`)).statusCode).toBe(404);
  });
});

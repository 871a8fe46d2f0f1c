import { FHIR_SYSTEMS, identifierSystem, SAMPLE_STATUS } from '@nlims/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../test/harness.js';
import { programmeSteps, VIRAL_LOAD } from '../../test/programmes.js';
import { API_CLIENT_RATE, resetClientRates } from '../api-clients/api-clients.service.js';
import { expectValidFhir } from './fhir.validation.test-helpers.js';

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

/** The laboratory's sample of an order, by its lab number (the first sample's barcode). */
async function sampleOf(labNumber: string) {
  const list = (await as('ph_receptionist', 'GET', `/api/vl_sample/?search=${encodeURIComponent(labNumber)}`)).json();
  const row = (list.results ?? list).find((s: { barcode: string }) => s.barcode === labNumber);
  expect(row, JSON.stringify(list).slice(0, 500)).toBeTruthy();
  return (await as('ph_receptionist', 'GET', `/api/vl_sample/${row.id}/`)).json();
}

/** The EMR's own systems: its ART numbers, its order numbers (the requisition) and its order lines (each test asked). */
const NMRS_ART = 'https://nmrs.example.org/art-number';
const NMRS_ORDER = 'https://nmrs.example/order';
const NMRS_LINE = 'https://nmrs.example/order-line';
/** Collected two hours before it is posted. */
const twoHoursAgo = () => new Date(Date.now() - 2 * 3_600_000).toISOString();

/** The location the transaction-response gives the Task (the entry answering the bundle's Task). */
const taskLocation = (reply: { entry: { response: { location?: string } }[] }) =>
  reply.entry.map((e) => e.response.location).find((l) => l?.startsWith('Task/')) as string;

/** A viral-load request for a new patient, as an EMR sends it. */
function vlBundle(
  owner: string,
  taskId: string,
  art: string,
  overrides: { code?: object; patient?: object; task?: object; specimen?: object; request?: object } = {},
) {
  return {
    resourceType: 'Bundle',
    type: 'transaction',
    entry: [
      {
        fullUrl: 'urn:uuid:0b6c0e0a-1111-4a4a-9b9b-000000000001',
        resource: {
          resourceType: 'Patient',
          identifier: [{ type: { text: 'ART number' }, system: NMRS_ART, value: art }],
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
          identifier: [{ type: { coding: [{ system: FHIR_SYSTEMS.identifierType, code: 'PLAC' }] }, system: NMRS_LINE, value: `${taskId}-VL` }],
          requisition: { system: NMRS_ORDER, value: taskId },
          requester: { display: 'Dr Adeyemi' },
          ...overrides.request,
        },
        request: { method: 'POST', url: 'ServiceRequest' },
      },
      {
        fullUrl: 'urn:uuid:0b6c0e0a-1111-4a4a-9b9b-000000000003',
        resource: {
          resourceType: 'Specimen',
          type: { coding: [{ system: 'http://snomed.info/sct', code: '119361006', display: 'Plasma specimen' }], text: 'Plasma' },
          subject: { reference: 'urn:uuid:0b6c0e0a-1111-4a4a-9b9b-000000000001' },
          collection: { collectedDateTime: twoHoursAgo() },
          ...overrides.specimen,
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
    const location = taskLocation(reply as never);
    expect(location).toMatch(/^Task\/\d+$/);
    // Posted again: the same request, one order.
    const again = await emr(client.secret, 'POST', '/fhir', bundle);
    expect(again.statusCode, again.body).toBe(200);
    expect(taskLocation(fhirOf(again, 'Bundle') as never)).toBe(location);

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

    // The sample arrives collected as the EMR's Specimen says; reception accepts it; the analyst enters, the
    // supervisor verifies and approves.
    const sample = await sampleOf(accepted.json().lab_number);
    expect(sample.order ?? orderId).toBe(orderId);
    expect(sample.status).toBe(SAMPLE_STATUS.COLLECTED);
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
    const secondId = taskLocation(JSON.parse(second.body)).split('/')[1];
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
      // The Specimen: collected in the future, at a date without its time, of a type the laboratory does not know, or
      // of a type the test is not run on (a viral load on sputum).
      [
        vlBundle(owner, 'B-9', 'ART/B/9', { specimen: { collection: { collectedDateTime: new Date(Date.now() + 3_600_000).toISOString() } } }),
        'Specimen.collection.collectedDateTime',
      ],
      [vlBundle(owner, 'B-10', 'ART/B/10', { specimen: { collection: { collectedDateTime: '2026-01-05' } } }), 'Specimen.collection.collectedDateTime'],
      [vlBundle(owner, 'B-11', 'ART/B/11', { specimen: { type: { coding: [{ system: 'http://snomed.info/sct', code: '999999999' }] } } }), 'Specimen.type'],
      [vlBundle(owner, 'B-12', 'ART/B/12', { specimen: { type: { text: 'Gold dust' } } }), 'Specimen.type'],
      [vlBundle(owner, 'B-13', 'ART/B/13', { specimen: { type: { coding: [{ system: FHIR_SYSTEMS.sampleType, code: 'SPU' }] } } }), 'Specimen.type'],
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
    const location = taskLocation(JSON.parse(posted.body));
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

describe('an EMR orders a viral load and polls for the result', () => {
  const user = async (name: string) => bearer(await t.token(name));
  const read = async (headers: Record<string, string>, url: string) => {
    const res = await t.app.inject({ url, headers: { ...headers, accept: FHIR } });
    expect(res.statusCode, `${url}: ${res.body.slice(0, 500)}`).toBe(200);
    return fhirOf(res, url.includes('?') ? 'Bundle' : url.split('/')[2]!);
  };

  /** A request posted by a new client of Yaba's (both scopes), with its own numbers. */
  async function post(overrides: Parameters<typeof vlBundle>[3] = {}) {
    const lab = await yaba();
    const client = await newClient(['orders.write', 'results.read']);
    const stamp = `${Date.now()}${Math.random().toString(36).slice(2, 6)}`;
    const taskId = `NMRS-${stamp}`;
    const art = `ART/YB/${stamp}`;
    const bundle = vlBundle(`Organization/${lab.id}`, taskId, art, overrides);
    const res = await emr(client.secret, 'POST', '/fhir', bundle);
    expect(res.statusCode, res.body).toBe(201);
    const reply = fhirOf(res, 'Bundle');
    return { lab, client, taskId, art, bundle, reply, location: taskLocation(reply as never) };
  }

  async function accept(location: string) {
    const res = await as('ph_receptionist', 'POST', `/api/electronic_request/${location.split('/')[1]}/accept/`, {});
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { client: number; order: number; lab_number: string };
  }

  it('keeps the EMR’s patient identifier system beside the product’s, and finds the patient and reports by either', async () => {
    const { client, taskId, art, location } = await post();
    const accepted = await accept(location);
    const patient = await read(bearer(client.secret), `/fhir/Patient/${accepted.client}`);
    expect(patient.identifier).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ system: identifierSystem('ART number'), value: art }),
        expect.objectContaining({ system: NMRS_ART, value: art }),
      ]),
    );
    const staff = await user('ph_supervisor');
    for (const system of [NMRS_ART, identifierSystem('ART number')]) {
      const token = encodeURIComponent(`${system}|${art}`);
      const patients = await read(staff, `/fhir/Patient?identifier=${token}`);
      expect(patients.entry.map((e: { resource: { id: string } }) => e.resource.id)).toEqual([String(accepted.client)]);
      const reports = await read(staff, `/fhir/DiagnosticReport?patient.identifier=${token}`);
      expect(reports.total, system).toBe(1);
      expect(reports.entry[0].resource.subject.reference).toBe(`Patient/${accepted.client}`);
    }
    // Another system's number is not this one.
    expect((await read(staff, `/fhir/Patient?identifier=${encodeURIComponent(`https://other.example/art|${art}`)}`)).total).toBe(0);
    // A later request naming the identifier by the EMR's system alone (no type) finds the same patient.
    const lab = await yaba();
    const later = await emr(
      client.secret,
      'POST',
      '/fhir',
      vlBundle(`Organization/${lab.id}`, `${taskId}-later`, art, { patient: { identifier: [{ system: NMRS_ART, value: art }] } }),
    );
    expect(later.statusCode, later.body).toBe(201);
    expect((await accept(taskLocation(JSON.parse(later.body)))).client).toBe(accepted.client);
  });

  it('answers Task searches with absolute fullUrls, as every other search', async () => {
    const { client, taskId } = await post();
    const found = await read(bearer(client.secret), `/fhir/Task?identifier=${encodeURIComponent(`https://nmrs.example/task|${taskId}`)}`);
    expect(found.entry).toHaveLength(1);
    const { fullUrl, resource } = found.entry[0];
    expect(fullUrl).toMatch(/^https?:\/\/[^/]+\/fhir\/Task\/\d+$/);
    expect(fullUrl.endsWith(`/Task/${resource.id}`)).toBe(true);
    const patients = await read(await user('ph_supervisor'), '/fhir/Patient?_count=1');
    expect(fullUrl.slice(0, fullUrl.indexOf('/Task/'))).toBe(patients.entry[0].fullUrl.slice(0, patients.entry[0].fullUrl.indexOf('/Patient/')));
  });

  it('answers each transaction entry with its own resource: the Task at once, the others once the laboratory accepts', async () => {
    const { client, bundle, reply, location } = await post();
    const types = bundle.entry.map((e) => e.resource.resourceType);
    expect(reply.entry).toHaveLength(types.length);
    reply.entry.forEach((e: { response: { status: string; location?: string; outcome?: { issue: { diagnostics: string }[] } } }, i: number) => {
      if (types[i] === 'Task') {
        expect(e.response).toMatchObject({ status: '201 Created', location });
        return;
      }
      // Not made until the laboratory accepts the request: said so, with no location.
      expect(e.response.status, types[i]).toBe('202 Accepted');
      expect(e.response.location, types[i]).toBeUndefined();
      expect(e.response.outcome?.issue[0]?.diagnostics, types[i]).toContain(location);
    });
    const accepted = await accept(location);
    const again = fhirOf(await emr(client.secret, 'POST', '/fhir', bundle), 'Bundle');
    const locations = again.entry.map((e: { response: { location: string } }) => e.response.location);
    expect(locations.map((l: string) => l?.split('/')[0])).toEqual(types);
    expect(new Set(locations).size).toBe(types.length);
    expect(locations[types.indexOf('Patient')]).toBe(`Patient/${accepted.client}`);
    expect(locations[types.indexOf('QuestionnaireResponse')]).toBe(`QuestionnaireResponse/${accepted.order}`);
    expect(locations[types.indexOf('Task')]).toBe(location);
    const staff = await user('ph_supervisor');
    for (const l of locations) expect((await read(staff, `/fhir/${l}`)).id).toBe(l.split('/')[1]);
    const request = await read(staff, `/fhir/${locations[types.indexOf('ServiceRequest')]}`);
    expect(request.specimen).toEqual([{ reference: locations[types.indexOf('Specimen')] }]);
  });

  it('keeps the Specimen’s type and collection time through to the sample', async () => {
    const collected = twoHoursAgo();
    const { location } = await post({ specimen: { collection: { collectedDateTime: collected } } });
    const accepted = await accept(location);
    const sample = await sampleOf(accepted.lab_number);
    expect(sample.status).toBe(SAMPLE_STATUS.COLLECTED);
    expect(sample.sample_type).toBe(await steps.sampleTypeId('PLA'));
    expect(new Date(sample.collected_at).getTime()).toBe(new Date(collected).getTime());
    // Reception does not collect it again.
    expect(
      (await as('ph_receptionist', 'POST', `/api/vl_sample/${sample.id}/collect/`, { collected_at: new Date().toISOString(), sample_type: sample.sample_type }))
        .statusCode,
    ).toBe(409);
    const specimen = await read(await user('ph_supervisor'), `/fhir/Specimen/${sample.id}`);
    expect(specimen.type.coding).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ system: FHIR_SYSTEMS.sampleType, code: 'PLA' }),
        expect.objectContaining({ system: 'http://snomed.info/sct', code: '119361006' }),
      ]),
    );
    expect(new Date(specimen.collection.collectedDateTime).getTime()).toBe(new Date(collected).getTime());
    // A Specimen naming its type only (no collection yet): a sample of that type, still to collect.
    const typed = await post({ specimen: { type: { coding: [{ system: FHIR_SYSTEMS.sampleType, code: 'DBS' }] }, collection: undefined } });
    const waiting = await sampleOf((await accept(typed.location)).lab_number);
    expect(waiting.status).toBe(SAMPLE_STATUS.ORDERED);
    expect(waiting.sample_type).toBe(await steps.sampleTypeId('DBS'));
  });

  it('keeps the placer’s order numbers, returns them on its ServiceRequest, Task and DiagnosticReport, and finds them by them', async () => {
    const { client, taskId, location } = await post();
    const line = { system: NMRS_LINE, value: `${taskId}-VL` };
    const requisition = { system: NMRS_ORDER, value: taskId };
    const secret = bearer(client.secret);
    // Before the laboratory accepts: the Task names the placer's numbers, and is found by them.
    const waiting = await read(secret, `/fhir/${location}`);
    expect(waiting.groupIdentifier).toEqual(requisition);
    expect(waiting.basedOn).toEqual([expect.objectContaining({ type: 'ServiceRequest', identifier: expect.objectContaining(line) })]);
    for (const number of [`${NMRS_ORDER}|${taskId}`, `${NMRS_LINE}|${taskId}-VL`]) {
      const tasks = await read(secret, `/fhir/Task?identifier=${encodeURIComponent(number)}`);
      expect(
        tasks.entry.map((e: { resource: { id: string } }) => `Task/${e.resource.id}`),
        number,
      ).toEqual([location]);
    }
    const accepted = await accept(location);
    const staff = await user('ph_supervisor');
    const requests = await read(staff, `/fhir/ServiceRequest?identifier=${encodeURIComponent(`${NMRS_LINE}|${taskId}-VL`)}`);
    expect(requests.total).toBe(1);
    const request = requests.entry[0].resource;
    expect(request.identifier).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ ...line, type: expect.objectContaining({ coding: [expect.objectContaining({ code: 'PLAC' })] }) }),
        expect.objectContaining({ system: FHIR_SYSTEMS.labNumber, value: accepted.lab_number }),
      ]),
    );
    expect(request.requisition).toEqual(requisition);
    expect((await read(staff, `/fhir/ServiceRequest?requisition=${encodeURIComponent(`${NMRS_ORDER}|${taskId}`)}`)).entry[0].resource.id).toBe(request.id);
    // The laboratory number still finds it.
    expect((await read(staff, `/fhir/ServiceRequest?identifier=${encodeURIComponent(accepted.lab_number)}`)).entry[0].resource.id).toBe(request.id);
    const task = await read(secret, `/fhir/${location}`);
    expect(task.groupIdentifier).toEqual(requisition);
    expect(task.basedOn).toEqual([expect.objectContaining({ reference: `ServiceRequest/${request.id}`, identifier: expect.objectContaining(line) })]);
    const reports = await read(staff, `/fhir/DiagnosticReport?based-on:ServiceRequest.requisition=${encodeURIComponent(`${NMRS_ORDER}|${taskId}`)}`);
    expect(reports.total).toBe(1);
    expect(reports.entry[0].resource.basedOn).toEqual([
      expect.objectContaining({ reference: `ServiceRequest/${request.id}`, identifier: expect.objectContaining(line) }),
    ]);
    const byLine = await read(staff, `/fhir/DiagnosticReport?based-on:ServiceRequest.identifier=${encodeURIComponent(`${NMRS_LINE}|${taskId}-VL`)}`);
    expect(byLine.entry.map((e: { resource: { id: string } }) => e.resource.id)).toEqual([reports.entry[0].resource.id]);
    // Another EMR's numbers find nothing.
    expect((await read(staff, `/fhir/ServiceRequest?identifier=${encodeURIComponent(`https://other.example/order-line|${taskId}-VL`)}`)).total).toBe(0);
  });
});

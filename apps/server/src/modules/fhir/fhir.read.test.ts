import { FHIR_SYSTEMS, identifierSystem } from '@nlims/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../test/harness.js';
import { programmeSteps, VIRAL_LOAD } from '../../test/programmes.js';
import { expectValidFhir } from './fhir.validation.test-helpers.js';

/**
 * The FHIR read side as its callers see it: a viral-load sample ordered, run and approved at Yaba, then read and
 * searched as its staff, a Yaba user without Viral Load, another facility's staff, an official, the super admin and
 * API clients. Every reply is checked against the FHIR R4 schema.
 */
let t: TestApp;
const FHIR = 'application/fhir+json';
const PASSWORD = 'Harbour-lantern-62-quiet';
const TB_ONLY = 'tbonly_fhir';
/** A second viral-load supervisor, who reviews an amendment its proposer may not. */
const REVIEWER = 'vlreviewer_fhir';
const vl = programmeSteps(() => t, VIRAL_LOAD);
const ids = { sample: 0, order: 0, client: 0, tests: [] as number[], observations: [] as number[], lab: '', art: '' };

// biome-ignore lint/suspicious/noExplicitAny: FHIR replies are walked freely in assertions, each checked against the R4 schema first
type Json = Record<string, any>;

async function get(user: string, url: string, status = 200): Promise<Json> {
  const token = await t.token(user, user === TB_ONLY || user === REVIEWER ? PASSWORD : undefined);
  const res = await t.app.inject({ url, headers: { ...bearer(token), accept: FHIR } });
  expect(res.statusCode, `${user} ${url}: ${res.body.slice(0, 500)}`).toBe(status);
  expect(String(res.headers['content-type'])).toContain(FHIR);
  const body = res.json() as Json;
  expectValidFhir(body);
  if (status >= 400) expect(body.resourceType).toBe('OperationOutcome');
  return body;
}

async function system(secret: string, url: string, status = 200): Promise<Json> {
  const res = await t.app.inject({ url, headers: { ...bearer(secret), accept: FHIR } });
  expect(res.statusCode, `${url}: ${res.body.slice(0, 500)}`).toBe(status);
  const body = res.json() as Json;
  expectValidFhir(body);
  return body;
}

const entries = (bundle: Json, mode = 'match') => ((bundle.entry ?? []) as Json[]).filter((e) => e.search?.mode === mode).map((e) => e.resource as Json);

beforeAll(async () => {
  t = await createTestApp();
  const admin = bearer(await t.token('ph_admin'));
  const made = await t.app.inject({
    method: 'POST',
    url: '/api/users/',
    headers: admin,
    payload: { username: TB_ONLY, password: PASSWORD, programs_roles: [{ programs: 'Tuberculosis', roles: 'Supervisor' }] },
  });
  expect(made.statusCode, made.body).toBe(201);
  const reviewer = await t.app.inject({
    method: 'POST',
    url: '/api/users/',
    headers: admin,
    payload: { username: REVIEWER, password: PASSWORD, programs_roles: [{ programs: 'Viral Load', roles: 'Supervisor' }] },
  });
  expect(reviewer.statusCode, reviewer.body).toBe(201);
  // A viral-load sample at Yaba, collected, accepted, its result entered, verified and approved.
  const { placed, sample } = await vl.received();
  ids.sample = sample.id;
  ids.order = placed.id;
  ids.lab = placed.lab_number;
  ids.tests = sample.tests.map((x) => x.id);
  const results = await vl.enterAll(sample);
  expect((await vl.as('ph_supervisor', 'POST', '/api/results/verify/', { ids: results })).statusCode).toBe(200);
  const approve = await vl.as('ph_supervisor', 'POST', '/api/results/approve/', { ids: results, password: 'Demo@12345' });
  expect(approve.statusCode, approve.body).toBe(200);
  const detail = (await vl.as('ph_supervisor', 'GET', `/api/vl_sample/${sample.id}/`)).json();
  ids.client = detail.client;
  ids.observations = (detail.tests as Json[]).filter((x) => x.result).map((x) => x.id);
  const client = (await vl.as('ph_supervisor', 'GET', `/api/clients/${ids.client}/`)).json();
  ids.art = client.identifiers.find((i: Json) => i.identifier_type_name === 'ART number').identifier;
}, 180_000);
afterAll(() => t?.close());

describe('the CapabilityStatement', () => {
  it('states R4 (4.0.1), JSON, and each resource with its search parameters', async () => {
    const cs = await get('ph_analyst', '/fhir/metadata');
    expect(cs.fhirVersion).toBe('4.0.1');
    expect(cs.format).toContain('json');
    const types = (cs.rest[0].resource as Json[]).map((r) => r.type);
    for (const type of [
      'Patient',
      'Organization',
      'ServiceRequest',
      'Specimen',
      'Observation',
      'DiagnosticReport',
      'CodeSystem',
      'Questionnaire',
      'QuestionnaireResponse',
    ])
      expect(types).toContain(type);
    const report = (cs.rest[0].resource as Json[]).find((r) => r.type === 'DiagnosticReport');
    expect(report?.searchInclude).toContain('DiagnosticReport:result');
    // Public, like any FHIR server's metadata.
    const anonymous = await t.app.inject({ url: '/fhir/metadata' });
    expect(anonymous.statusCode).toBe(200);
  });
});

describe('read: each resource as its staff, and never for others', () => {
  const urls = () => [
    `/fhir/Patient/${ids.client}`,
    `/fhir/ServiceRequest/${ids.tests[0]}`,
    `/fhir/Specimen/${ids.sample}`,
    `/fhir/Observation/${ids.observations[0]}`,
    `/fhir/DiagnosticReport/${ids.sample}`,
    `/fhir/QuestionnaireResponse/${ids.order}`,
  ];

  it('the programme staff at the facility read each one, valid R4', async () => {
    for (const user of ['ph_supervisor', 'ph_receptionist', 'ph_analyst', 'ph_data_analyst'])
      for (const url of urls()) {
        const resource = await get(user, url);
        expect(`/fhir/${resource.resourceType}/${resource.id}`).toBe(url);
      }
  });

  it("another facility's staff and a clinical laboratory's are told it does not exist (404), never what it holds", async () => {
    for (const user of ['kano_supervisor', 'clin_supervisor', 'mushin_supervisor']) for (const url of urls()) await get(user, url, 404);
  });

  it('officials and the super admin read no patient data (403)', async () => {
    for (const user of ['fed_tier', 'lagos_tier', 'ikeja_tier', 'superadmin']) for (const url of urls()) await get(user, url, 403);
  });

  it('a Yaba user without Viral Load reads the client (shared by the facility) without the ART number, and none of the viral-load data', async () => {
    const patient = await get(TB_ONLY, `/fhir/Patient/${ids.client}`);
    expect(JSON.stringify(patient)).not.toContain(ids.art);
    expect(JSON.stringify(patient)).not.toContain('art-number');
    for (const url of urls().slice(1)) await get(TB_ONLY, url, 404);
    // Viral-load staff see it, with its system.
    const seen = await get('ph_supervisor', `/fhir/Patient/${ids.client}`);
    expect(seen.identifier).toContainEqual(expect.objectContaining({ system: identifierSystem('ART number'), value: ids.art }));
  });

  it('an unknown or malformed id is a 404 OperationOutcome', async () => {
    for (const id of ['0', '2147483648', '99999999999999999999', 'abc', 'a.b-c']) await get('ph_supervisor', `/fhir/Patient/${id}`, 404);
  });
});

describe('the approved viral load as an EMR needs it', () => {
  it('is a final Observation with a UCUM Quantity, its LOINC code, range and status', async () => {
    const bundle = await get('ph_supervisor', `/fhir/Observation?specimen=Specimen/${ids.sample}`);
    const copies = entries(bundle).find((o) => o.code.coding.some((c: Json) => c.code === '20447-9'));
    expect(copies, JSON.stringify(bundle)).toBeTruthy();
    expect(copies!.status).toBe('final');
    expect(copies!.code.coding).toContainEqual({ system: 'http://loinc.org', code: '20447-9' });
    expect(copies!.valueQuantity).toMatchObject({ value: 15400, system: FHIR_SYSTEMS.ucum, code: '{copies}/mL' });
    expect(copies!.subject.reference).toBe(`Patient/${ids.client}`);
  });

  it('is a final DiagnosticReport with its results, the signed report as presentedForm, and _include brings them', async () => {
    const bundle = await get(
      'ph_supervisor',
      `/fhir/DiagnosticReport?identifier=${encodeURIComponent(`${FHIR_SYSTEMS.labNumber}|${ids.lab}`)}&_include=DiagnosticReport:result&_include=DiagnosticReport:subject`,
    );
    expect(bundle.total).toBe(1);
    const [report] = entries(bundle);
    expect(report!.status).toBe('final');
    expect(report!.presentedForm[0]).toMatchObject({ contentType: 'application/pdf' });
    expect(report!.presentedForm[0].url).toMatch(new RegExp(`/fhir/Binary/report-${ids.sample}$`));
    const included = entries(bundle, 'include');
    expect(included.map((r) => `${r.resourceType}/${r.id}`).sort()).toEqual(
      [...(report!.result as Json[]).map((r) => r.reference), `Patient/${ids.client}`].sort(),
    );
    // The URL serves the PDF to the same caller, or a Binary resource when FHIR JSON is asked for; to nobody else.
    const path = new URL(report!.presentedForm[0].url).pathname;
    const pdf = await t.app.inject({ url: path, headers: { ...bearer(await t.token('ph_supervisor')), accept: 'application/pdf' } });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toContain('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const binary = await get('ph_supervisor', path);
    expect(binary).toMatchObject({ resourceType: 'Binary', contentType: 'application/pdf' });
    for (const user of ['kano_supervisor', TB_ONLY]) await get(user, path, 404);
    await get('superadmin', path, 403);
    await get('ph_supervisor', '/fhir/Binary/report-abc', 404);
  });

  it('an amendment keeps the Observation final until approved, then makes it and its report amended (version 2)', async () => {
    const detail = (await vl.as('ph_supervisor', 'GET', `/api/vl_sample/${ids.sample}/`)).json();
    const copies = (detail.tests as Json[]).find((x) => x.code === 'VL-HIV-RNA');
    const amend = await vl.as('ph_supervisor', 'POST', `/api/results/${copies!.result.id}/amend/`, {
      value: 16000,
      reason: 'Transcription',
      password: 'Demo@12345',
    });
    expect(amend.statusCode, amend.body).toBeLessThan(300);
    expect((await get('ph_supervisor', `/fhir/Observation/${copies!.id}`)).status).toBe('final');
    const amendment = amend.json().id as number;
    const reviewer = bearer(await t.token(REVIEWER, PASSWORD));
    expect((await t.app.inject({ method: 'POST', url: `/api/results/${amendment}/verify/`, headers: reviewer })).statusCode).toBe(200);
    const approved = await t.app.inject({ method: 'POST', url: `/api/results/${amendment}/approve/`, headers: reviewer, payload: { password: PASSWORD } });
    expect(approved.statusCode, approved.body).toBe(200);
    const observation = await get('ph_supervisor', `/fhir/Observation/${copies!.id}`);
    expect(observation.status).toBe('amended');
    expect(observation.meta.versionId).toBe('2');
    expect(observation.valueQuantity.value).toBe(16000);
    expect((await get('ph_supervisor', `/fhir/DiagnosticReport/${ids.sample}`)).status).toBe('amended');
    expect((await get('ph_supervisor', `/fhir/DiagnosticReport?specimen=${ids.sample}&status=amended`)).total).toBe(1);
  });
});

describe('search', () => {
  it('by patient identifier: the ART number finds the patient and their results for viral-load staff, nobody for others', async () => {
    const art = encodeURIComponent(`${identifierSystem('ART number')}|${ids.art}`);
    expect(entries(await get('ph_supervisor', `/fhir/Patient?identifier=${art}`)).map((p) => p.id)).toEqual([String(ids.client)]);
    expect((await get(TB_ONLY, `/fhir/Patient?identifier=${art}`)).total).toBe(0);
    expect((await get(TB_ONLY, `/fhir/Patient?identifier=${encodeURIComponent(ids.art)}`)).total).toBe(0);
    const observations = await get('ph_supervisor', `/fhir/Observation?patient.identifier=${art}`);
    expect(entries(observations).every((o) => o.subject.reference === `Patient/${ids.client}`)).toBe(true);
    expect(observations.total).toBeGreaterThan(0);
    expect((await get('ph_supervisor', `/fhir/DiagnosticReport?subject:Patient.identifier=${art}`)).total).toBe(1);
    expect((await get('kano_supervisor', `/fhir/Observation?patient.identifier=${art}`)).total).toBe(0);
  });

  it('by lab number on ServiceRequest (requisition), Specimen (accession) and DiagnosticReport', async () => {
    const lab = encodeURIComponent(`${FHIR_SYSTEMS.labNumber}|${ids.lab}`);
    expect((await get('ph_supervisor', `/fhir/ServiceRequest?requisition=${lab}`)).total).toBe(ids.tests.length);
    expect(entries(await get('ph_supervisor', `/fhir/Specimen?accession=${lab}`)).map((s) => s.id)).toEqual([String(ids.sample)]);
    expect((await get('ph_supervisor', `/fhir/DiagnosticReport?identifier=${encodeURIComponent(ids.lab)}`)).total).toBe(1);
    expect((await get('kano_supervisor', `/fhir/ServiceRequest?requisition=${lab}`)).total).toBe(0);
  });

  it('by status and date', async () => {
    const today = new Date(Date.now() + 3600_000).toISOString().slice(0, 10);
    const finals = await get('ph_supervisor', `/fhir/DiagnosticReport?status=final,amended&date=ge${today.slice(0, 7)}&_count=100`);
    expect(entries(finals).every((r) => ['final', 'amended'].includes(r.status))).toBe(true);
    const none = await get('ph_supervisor', `/fhir/Specimen?collected=lt1990`);
    expect(none.total).toBe(0);
    const active = await get('ph_supervisor', '/fhir/ServiceRequest?status=active&_count=5');
    expect(entries(active).every((r) => r.status === 'active')).toBe(true);
  });

  it('pages by the Bundle links: next until the end, previous back, every match once', async () => {
    let bundle = await get('ph_supervisor', '/fhir/Patient?_count=20');
    const total = bundle.total as number;
    expect(total).toBeGreaterThan(20);
    const seen: string[] = [];
    for (let guard = 0; guard < 20; guard++) {
      seen.push(...entries(bundle).map((p) => p.id));
      const next = (bundle.link as Json[]).find((l) => l.relation === 'next');
      if (!next) break;
      const url = new URL(next.url);
      bundle = await get('ph_supervisor', `${url.pathname}${url.search}`);
      const previous = (bundle.link as Json[]).find((l) => l.relation === 'previous');
      expect(previous).toBeTruthy();
    }
    expect(new Set(seen).size).toBe(total);
    expect(seen.length).toBe(total);
    // _count beyond the maximum is cut to it.
    expect(entries(await get('ph_supervisor', '/fhir/Patient?_count=5000')).length).toBeLessThanOrEqual(100);
  });

  it('_include on Observation and ServiceRequest', async () => {
    const bundle = await get('ph_supervisor', `/fhir/Observation?specimen=${ids.sample}&_include=Observation:subject&_include=Observation:specimen`);
    const included = entries(bundle, 'include').map((r) => `${r.resourceType}/${r.id}`);
    expect(included.sort()).toEqual([`Patient/${ids.client}`, `Specimen/${ids.sample}`].sort());
    const requests = await get('ph_supervisor', `/fhir/ServiceRequest?specimen=Specimen/${ids.sample}&_include=ServiceRequest:subject`);
    expect(entries(requests, 'include').map((r) => r.resourceType)).toEqual(['Patient']);
  });

  it('other facilities and roles find nothing of it; officials and the super admin are refused', async () => {
    for (const user of ['kano_supervisor', 'clin_supervisor']) {
      const bundle = await get(user, `/fhir/DiagnosticReport?_count=100&specimen=${ids.sample}`);
      expect(bundle.total).toBe(0);
      expect((await get(user, `/fhir/Patient?_id=${ids.client}`)).total).toBe(0);
    }
    expect((await get(TB_ONLY, `/fhir/Observation?specimen=${ids.sample}`)).total).toBe(0);
    for (const user of ['fed_tier', 'superadmin'])
      for (const type of ['Patient', 'Observation', 'DiagnosticReport', 'Specimen', 'ServiceRequest', 'QuestionnaireResponse'])
        await get(user, `/fhir/${type}`, 403);
  });

  it('bad search parameters are a 400 OperationOutcome naming the parameter, never a 5xx', async () => {
    for (const url of [
      '/fhir/Patient?unknown=1',
      '/fhir/Patient?_count=-1',
      '/fhir/Patient?_count=abc',
      '/fhir/Patient?_offset=99999999999999999999',
      '/fhir/Patient?birthdate=yesterday',
      '/fhir/Patient?birthdate=2026-02-30',
      '/fhir/Patient?birthdate=sa2026',
      '/fhir/Patient?gender=robot',
      '/fhir/Patient?_format=xml',
      '/fhir/Observation?status=done',
      '/fhir/Observation?patient=Specimen/1',
      '/fhir/Observation?_include=Observation:performer',
      '/fhir/Observation?_include=*',
      '/fhir/DiagnosticReport?date=2026-13-01',
      '/fhir/DiagnosticReport?status=',
      '/fhir/ServiceRequest?authored=ge2026-01-01T25:00',
      '/fhir/Specimen?status=available,',
      '/fhir/Organization?_sort=name',
      '/fhir/CodeSystem?system=x',
      '/fhir/Questionnaire?_include=Questionnaire:x',
      '/fhir/Patient?name=%00',
    ]) {
      const body = await get('ph_supervisor', url, 400);
      expect(body.issue[0].severity).toBe('error');
    }
    // A value that cannot be one of ours is no match, not an error.
    expect((await get('ph_supervisor', '/fhir/Patient?_id=99999999999999')).total).toBe(0);
    expect((await get('ph_supervisor', '/fhir/Observation?patient=abc')).total).toBe(0);
  });
});

describe('facilities, codes and request forms', () => {
  it('Organization is read and searched by anyone signed in (facilities are not patient data)', async () => {
    for (const user of ['superadmin', 'fed_tier', 'clin_receptionist']) {
      const bundle = await get(user, '/fhir/Organization?_count=50');
      expect(bundle.total).toBeGreaterThan(1);
      const yaba = entries(bundle).find((o) => /Yaba/.test(o.name));
      const code = yaba!.identifier[0].value;
      expect((await get(user, `/fhir/Organization?identifier=${encodeURIComponent(`${FHIR_SYSTEMS.facilityCode}|${code}`)}`)).total).toBe(1);
      await get(user, `/fhir/Organization/${yaba!.id}`);
    }
    expect((await t.app.inject({ url: '/fhir/Organization' })).statusCode).toBe(401);
  });

  it("a programme's coded results are a CodeSystem, searchable by url, and an Observation's code is one of its concepts", async () => {
    const all = await get('ph_analyst', '/fhir/CodeSystem?_count=100');
    const tb = entries(all).find((c) => c.id === 'tuberculosis-results');
    expect(tb).toBeTruthy();
    const byUrl = await get('superadmin', `/fhir/CodeSystem?url=${encodeURIComponent(tb!.url)}`);
    expect(entries(byUrl).map((c) => c.id)).toEqual(['tuberculosis-results']);
    const read = await get('ph_analyst', '/fhir/CodeSystem/tuberculosis-results');
    const codes = (read.concept as Json[]).map((c) => c.code);
    const coded = entries(await get('ph_supervisor', '/fhir/Observation?_count=100&status=final')).filter(
      (o) => o.valueCodeableConcept?.coding?.[0]?.system === tb!.url,
    );
    for (const o of coded) expect(codes).toContain(o.valueCodeableConcept.coding[0].code);
    await get('ph_analyst', '/fhir/CodeSystem/nope', 404);
  });

  it("each request form is a Questionnaire, and an order's answers its QuestionnaireResponse", async () => {
    const form = await get('ph_receptionist', '/fhir/Questionnaire/viral-load');
    const linkIds = (form.item as Json[]).flatMap((g) => (g.item ?? [g]).map((i: Json) => i.linkId));
    expect(linkIds).toContain('art_number');
    const answers = await get('ph_receptionist', `/fhir/QuestionnaireResponse/${ids.order}`);
    expect(answers.questionnaire).toBe(form.url);
    expect(answers.subject.reference).toBe(`Patient/${ids.client}`);
    expect(JSON.stringify(answers)).toContain(ids.art);
    const search = await get('ph_receptionist', `/fhir/QuestionnaireResponse?subject=Patient/${ids.client}&based-on=ServiceRequest/${ids.tests[0]}`);
    expect(entries(search).map((r) => r.id)).toEqual([String(ids.order)]);
    expect((await get(TB_ONLY, `/fhir/QuestionnaireResponse?subject=Patient/${ids.client}`)).total).toBe(0);
    const every = await get('superadmin', '/fhir/Questionnaire?_count=100');
    expect(every.total).toBeGreaterThanOrEqual(15);
  });
});

describe('another system (an API client)', () => {
  async function apiClient(scopes: string[], programs: string[]) {
    const res = await vl.as('ph_admin', 'POST', '/api/api_client/', { name: `EMR ${Math.random().toString(36).slice(2, 8)}`, scopes, programs });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().secret as string;
  }

  it('with results.read reads its facility’s released results in its programmes, and nothing else', async () => {
    const reader = await apiClient(['results.read'], ['Viral Load']);
    const report = await system(reader, `/fhir/DiagnosticReport/${ids.sample}`);
    expect(['final', 'amended']).toContain(report.status);
    // It fetches the signed report the DiagnosticReport names.
    const pdf = await t.app.inject({ url: new URL(report.presentedForm[0].url).pathname, headers: bearer(reader) });
    expect(pdf.statusCode, pdf.body.slice(0, 300)).toBe(200);
    expect(pdf.headers['content-type']).toContain('application/pdf');
    await system(reader, `/fhir/Patient/${ids.client}`);
    const preliminary = await system(reader, '/fhir/Observation?status=preliminary');
    expect(preliminary.total).toBe(0);
    const bundle = await system(reader, '/fhir/DiagnosticReport?_count=100');
    expect(entries(bundle).every((r) => ['final', 'amended'].includes(r.status))).toBe(true);
    // Another programme's data at the same facility is not there for it.
    const tbReader = await apiClient(['results.read'], ['Tuberculosis']);
    await system(tbReader, `/fhir/DiagnosticReport/${ids.sample}`, 404);
    await system(tbReader, `/fhir/Binary/report-${ids.sample}`, 404);
    await system(tbReader, `/fhir/Patient/${ids.client}`, 404);
    expect((await system(tbReader, `/fhir/Patient?identifier=${encodeURIComponent(ids.art)}`)).total).toBe(0);
  });

  it('without results.read it reads no patient data (403)', async () => {
    const writer = await apiClient(['orders.write'], ['Viral Load']);
    await system(writer, `/fhir/DiagnosticReport/${ids.sample}`, 403);
    await system(writer, '/fhir/Observation', 403);
    await system(writer, '/fhir/metadata');
  });
});

describe('no copy in a cache', () => {
  it('every reply carrying patient data is Cache-Control: no-store, to a user’s token and to an API client’s secret', async () => {
    const made = await vl.as('ph_admin', 'POST', '/api/api_client/', { name: 'EMR cache', scopes: ['results.read'], programs: ['Viral Load'] });
    expect(made.statusCode, made.body).toBe(201);
    const callers = { user: bearer(await t.token('ph_supervisor')), system: bearer(made.json().secret as string) };
    const urls = [
      `/fhir/Patient/${ids.client}`,
      `/fhir/Observation/${ids.observations[0]}`,
      `/fhir/DiagnosticReport/${ids.sample}`,
      `/fhir/Specimen/${ids.sample}`,
      `/fhir/Patient?identifier=${encodeURIComponent(ids.art)}`,
      '/fhir/Observation?_count=5',
      `/fhir/DiagnosticReport?subject=Patient/${ids.client}&_include=DiagnosticReport:result`,
      '/fhir/Patient/999999999',
    ];
    for (const [who, headers] of Object.entries(callers)) {
      for (const url of urls) {
        const res = await t.app.inject({ url, headers: { ...headers, accept: FHIR } });
        expect(res.statusCode, `${who} ${url}`).toBe(url.endsWith('999999999') ? 404 : 200);
        expect(res.headers['cache-control'], `${who} ${url}`).toBe('no-store');
      }
      // The signed report as FHIR JSON (a Binary) and as the PDF itself.
      const binary = await t.app.inject({ url: `/fhir/Binary/report-${ids.sample}`, headers: { ...headers, accept: FHIR } });
      expect(binary.statusCode, `${who} Binary`).toBe(200);
      expect(binary.json().resourceType).toBe('Binary');
      expect(binary.headers['cache-control'], `${who} Binary`).toBe('no-store');
      const pdf = await t.app.inject({ url: `/fhir/Binary/report-${ids.sample}`, headers });
      expect(pdf.headers['content-type']).toContain('application/pdf');
      expect(pdf.headers['cache-control'], `${who} PDF`).toBe('no-store');
    }
  });
});

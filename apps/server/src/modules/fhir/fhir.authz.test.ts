import { afterAll, beforeAll, describe, expect } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { eachUser, type MatrixRow, matrixTests } from '../../test/matrix.js';
import { programmeSteps, VIRAL_LOAD } from '../../test/programmes.js';

/**
 * The FHIR endpoints × every demo user. Patient data (a Yaba viral-load sample and everything about it) is read by
 * the facility's staff whose role reads Viral Load; another facility's staff are told it does not exist (404);
 * administrators (whose role reads no samples), officials and the super admin are refused (403). A search answers
 * any staff member with a reading role, from their own facility's data. Facilities, the capability statement, the
 * coded results and the request forms are no patient's data: anyone signed in reads them.
 */
let t: TestApp;
const vl = programmeSteps(() => t, VIRAL_LOAD);
const ids = { sample: 0, order: 0, client: 0, test: 0 };

const YABA_READERS = ['ph_supervisor', 'ph_receptionist', 'ph_analyst', 'ph_clerk', 'ph_data_analyst'] as const;
const NO_PATIENT_DATA = { super: 403, tier: 403, clinicalAdmin: 403, labAdmin: 403 };
const EVERYONE = { super: 200, tier: 200, clinicalAdmin: 200, labAdmin: 200, staff: 200 };

beforeAll(async () => {
  t = await createTestApp();
  const { placed, sample } = await vl.received();
  ids.sample = sample.id;
  ids.order = placed.id;
  const results = await vl.enterAll(sample);
  expect((await vl.as('ph_supervisor', 'POST', '/api/results/verify/', { ids: results })).statusCode).toBe(200);
  expect((await vl.as('ph_supervisor', 'POST', '/api/results/approve/', { ids: results, password: 'Demo@12345' })).statusCode).toBe(200);
  const detail = (await vl.as('ph_supervisor', 'GET', `/api/vl_sample/${sample.id}/`)).json();
  ids.client = detail.client;
  ids.test = (detail.tests as { id: number; result: unknown }[]).find((x) => x.result)!.id;
}, 180_000);
afterAll(() => t?.close());

const yabaSample = (name: string, url: () => string): MatrixRow => ({
  name,
  method: 'GET',
  url,
  expect: NO_PATIENT_DATA,
  users: eachUser(YABA_READERS, 200),
  otherwise: 404,
});
const search = (type: string): MatrixRow => ({
  name: `search ${type}`,
  method: 'GET',
  url: () => `/fhir/${type}?_count=1`,
  expect: { ...NO_PATIENT_DATA, staff: 200 },
  otherwise: 403,
});

describe('FHIR × every demo user', () => {
  matrixTests(
    () => t,
    [
      { name: 'the CapabilityStatement', method: 'GET', url: () => '/fhir/metadata', expect: EVERYONE, otherwise: 200 },
      yabaSample('read a Yaba viral-load Patient', () => `/fhir/Patient/${ids.client}`),
      yabaSample('read its ServiceRequest', () => `/fhir/ServiceRequest/${ids.test}`),
      yabaSample('read its Specimen', () => `/fhir/Specimen/${ids.sample}`),
      yabaSample('read its Observation', () => `/fhir/Observation/${ids.test}`),
      yabaSample('read its DiagnosticReport', () => `/fhir/DiagnosticReport/${ids.sample}`),
      yabaSample('read its QuestionnaireResponse', () => `/fhir/QuestionnaireResponse/${ids.order}`),
      yabaSample('read its signed report (Binary)', () => `/fhir/Binary/report-${ids.sample}`),
      ...['Patient', 'ServiceRequest', 'Specimen', 'Observation', 'DiagnosticReport', 'QuestionnaireResponse'].map(search),
      { name: 'search Organization', method: 'GET', url: () => '/fhir/Organization?_count=1', expect: EVERYONE, otherwise: 200 },
      { name: 'read an Organization', method: 'GET', url: () => '/fhir/Organization/1', expect: EVERYONE, otherwise: 200 },
      { name: 'search CodeSystem', method: 'GET', url: () => '/fhir/CodeSystem', expect: EVERYONE, otherwise: 200 },
      { name: 'read a CodeSystem', method: 'GET', url: () => '/fhir/CodeSystem/tuberculosis-results', expect: EVERYONE, otherwise: 200 },
      { name: 'search Questionnaire', method: 'GET', url: () => '/fhir/Questionnaire', expect: EVERYONE, otherwise: 200 },
      { name: 'read a Questionnaire', method: 'GET', url: () => '/fhir/Questionnaire/viral-load', expect: EVERYONE, otherwise: 200 },
    ],
  );
});

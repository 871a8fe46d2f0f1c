import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { fieldAsked, type FormSpec, PROGRAM_DEFINITIONS, type ProgramForm, type Role, requestFormSpecOf, rulesOf } from '@nlims/contracts';
import { CATALOGUE } from '@nlims/contracts';
import { SAMPLE_TYPES } from '../seed/reference-lists.js';
import { hashPassword } from '../modules/users/users.service.js';
import { seedUser } from '../seed/builders.js';
import { bearer, type TestApp } from './harness.js';

/**
 * One programme's cast and catalogue for the lifecycle tests, so the same
 * test runs for every programme (DESIGN §4: one lifecycle).
 */
export interface ProgrammeCase {
  program: string;
  form: ProgramForm;
  /** Facility administrator who offers the tests. */
  admin: string;
  orderer: string;
  analyst: string;
  supervisor: string;
  /** A user of the same facility with no role in this programme (or none at all). */
  outsider: string;
  /** A user of another facility holding the same permission there. */
  elsewhere: string;
  /** The orderable test (a panel or a single test) and a valid value for each of its members, by code. */
  test: string;
  values: Record<string, string | number>;
  /** The sample type collected, by code. */
  sampleType: string;
  /** The programme's request form. */
  requestForm: Record<string, unknown>;
}

export const GENERAL: ProgrammeCase = {
  program: 'General',
  form: 'general_order',
  admin: 'clin_admin',
  orderer: 'clin_receptionist',
  analyst: 'clin_analyst',
  supervisor: 'clin_supervisor',
  outsider: 'ph_supervisor',
  elsewhere: 'abuja_supervisor',
  test: 'FBG',
  values: { FBG: 5.2 },
  sampleType: 'SER',
  requestForm: {},
};

export const TUBERCULOSIS: ProgrammeCase = {
  program: 'Tuberculosis',
  form: 'tb_sample',
  admin: 'ph_admin',
  orderer: 'ph_receptionist',
  analyst: 'ph_analyst',
  supervisor: 'ph_supervisor',
  outsider: 'clin_supervisor',
  elsewhere: 'kano_supervisor',
  test: 'TB-XPERT',
  values: { 'TB-XPERT-MTB': 'MTB DETECTED MEDIUM', 'TB-XPERT-RIF': 'RIF RESISTANCE DETECTED' },
  sampleType: 'SPU',
  requestForm: {
    patient_category: 'new',
    reason_for_examination: 'diagnosis',
    presumptive_drtb: false,
    hiv_status: 'negative',
    test_status: 'initial',
    specimen: 'sputum_spot',
    visual_appearance: 'muco_purulent',
  },
};

export const EID: ProgrammeCase = {
  program: 'EID',
  form: 'eid_sample',
  admin: 'ph_admin',
  orderer: 'ph_receptionist',
  analyst: 'ph_analyst',
  supervisor: 'ph_supervisor',
  outsider: 'clin_supervisor',
  elsewhere: 'abuja_eid_supervisor',
  test: 'EID-DNA-PCR',
  values: { 'EID-DNA-PCR': 'NOT DETECTED' },
  sampleType: 'DBS',
  requestForm: {
    entry_point: 'pmtct',
    pcr_sequence: 'first',
    reason: 'routine',
    infant_prophylaxis: 'nvp',
    feeding: 'exclusive_breastfeeding',
    mother_hiv_status: 'positive',
    mother_on_art: 'yes',
    mother_regimen: 'TDF/3TC/DTG',
  },
};

export const VIRAL_LOAD: ProgrammeCase = {
  program: 'Viral Load',
  form: 'vl_sample',
  admin: 'ph_admin',
  orderer: 'ph_receptionist',
  analyst: 'ph_analyst',
  supervisor: 'ph_supervisor',
  outsider: 'clin_supervisor',
  elsewhere: 'kano_supervisor',
  test: 'VL-HIV',
  // The log10 member is computed from the copies, never typed.
  values: { 'VL-HIV-RNA': 15400 },
  sampleType: 'PLA',
  requestForm: {
    art_number: 'ART/LA/0001',
    art_start_date: '2020-05-04',
    regimen: 'TDF_3TC_DTG',
    regimen_line: 'first',
    regimen_start_date: '2021-01-11',
    pregnant: false,
    breastfeeding: false,
    reason: 'routine',
  },
};

/** Lassa fever: the case-investigation form and the RT-PCR panel (result, GPC and L gene Ct). */
export const LASSA: ProgrammeCase = {
  program: 'Lassa Fever',
  form: 'public_health_sample',
  admin: 'ph_admin',
  orderer: 'ph_receptionist',
  analyst: 'ph_analyst',
  supervisor: 'ph_supervisor',
  outsider: 'clin_supervisor',
  elsewhere: 'abuja_ph_supervisor',
  test: 'LASSA-PCR',
  values: { 'LASSA-PCR-RESULT': 'DETECTED', 'LASSA-PCR-GPC-CT': 24.6, 'LASSA-PCR-L-CT': 27.1 },
  sampleType: 'SER',
  requestForm: {
    date_of_onset: '2026-01-03',
    symptoms: ['fever', 'malaise', 'sore_throat'],
    travelled: 'no',
    contact_with_case: 'yes',
    hospitalised: 'yes',
    admission_date: '2026-01-06',
    outcome: 'alive',
    specimen: 'serum',
  },
};

/** COVID-19: the case form with vaccination, and the RT-PCR panel (result, E, N and RdRp Ct). */
export const COVID: ProgrammeCase = {
  ...LASSA,
  program: 'COVID-19',
  test: 'COVID-PCR',
  values: { 'COVID-PCR-RESULT': 'DETECTED', 'COVID-PCR-E-CT': 22.4, 'COVID-PCR-N-CT': 23.9, 'COVID-PCR-RDRP-CT': 25.2 },
  sampleType: 'NPS',
  requestForm: {
    date_of_onset: '2026-01-03',
    symptoms: ['fever', 'cough'],
    vaccinated: 'yes',
    vaccine_doses: 2,
    last_dose_date: '2025-06-01',
    travelled: 'yes',
    travel_place: 'Abuja',
    contact_with_case: 'unknown',
    hospitalised: 'no',
    outcome: 'alive',
    specimen: 'np_swab',
  },
};

/** The public-health programmes without a hand-written case: cholera, CSM, measles and rubella, yellow fever, mpox, diphtheria, anthrax, influenza, Public. */
export const OTHER_PUBLIC_HEALTH = PROGRAM_DEFINITIONS.filter((p) => p.family === 'ph' && p.name !== LASSA.program && p.name !== COVID.program).map(
  (p) => p.name,
);

/** The first answer of every required question the form asks (a choice, a checklist's first item, the pattern's example, a date, the minimum, no). */
export function minimalForm(spec: FormSpec): Record<string, unknown> {
  const form: Record<string, unknown> = {};
  for (const f of spec.fields) {
    if (!f.required || !fieldAsked(spec, f.name, form)) continue;
    if (f.kind === 'choice') form[f.name] = f.choices[0]!.value;
    else if (f.kind === 'choices') form[f.name] = [f.choices[0]!.value];
    else if (f.kind === 'text') form[f.name] = f.pattern?.example ?? 'Given';
    else if (f.kind === 'date') form[f.name] = '2026-01-03';
    else if (f.kind === 'number') form[f.name] = f.min;
    else form[f.name] = false;
  }
  return form;
}

/**
 * A case drawn from the seeded catalogue and the programme's declared form: its first orderable test, a value for
 * each member (a coded test's first code, a numeric test's lowest reportable value), the test's first sample type,
 * and the form's required answers; staff of the Yaba laboratory holding every public-health programme.
 */
function publicHealthCase(program: string): ProgrammeCase {
  const tests = CATALOGUE.filter((x) => x.program === program);
  const orderable = tests.find((x) => !x.panel)!;
  const members = orderable.isPanel ? tests.filter((x) => x.panel === orderable.code) : [orderable];
  const value = (x: (typeof tests)[number]) => (x.result === 'coded' ? x.codes![0]! : (x.reporting?.[0] ?? 1));
  return {
    ...LASSA,
    program,
    admin: 'yaba_ph_admin',
    orderer: 'yaba_ph_receptionist',
    analyst: 'yaba_ph_analyst',
    supervisor: 'yaba_ph_supervisor',
    test: orderable.code,
    values: Object.fromEntries(members.map((x) => [x.code, value(x)])),
    sampleType: SAMPLE_TYPES.find(([name]) => name === orderable.sampleTypes[0])![1],
    requestForm: minimalForm(requestFormSpecOf(program)!),
  };
}

export const PROGRAMME_CASES = [GENERAL, TUBERCULOSIS, EID, VIRAL_LOAD, LASSA, COVID, ...OTHER_PUBLIC_HEALTH.map(publicHealthCase)];

/** The case's request form with its client-identifier fields (an ART number) made unique, as each order is for a new client. */
export function requestFormFor(c: ProgrammeCase): Record<string, unknown> {
  const ids = Object.keys(rulesOf(c.program).identifierFields ?? {});
  return Object.fromEntries(
    Object.entries(c.requestForm).map(([k, v]) => [k, ids.includes(k) && typeof v === 'string' ? `${v}-${Math.random().toString(36).slice(2, 8)}` : v]),
  );
}

/** The case's request form without its identifier fields, as every order of the case stores it. */
export function stableRequestForm(c: ProgrammeCase): Record<string, unknown> {
  const ids = Object.keys(rulesOf(c.program).identifierFields ?? {});
  return Object.fromEntries(Object.entries(c.requestForm).filter(([k]) => !ids.includes(k)));
}

/** A General supervisor at the Abuja demo laboratory (no demo account holds General elsewhere than Ikeja). */
export async function seedElsewhere(t: TestApp): Promise<void> {
  const [abuja] = (await t.app.inject({ url: '/api/facilities/?page=1&search=Abuja', headers: bearer(await t.token('superadmin')) })).json().results;
  await seedUser(t.database.db, {
    username: 'abuja_supervisor',
    passwordHash: await hashPassword('Demo@12345'),
    facilityId: abuja.id,
    roles: [['General', 'Supervisor']],
  });
  // An EID supervisor there too (the Yaba laboratory is the demo's only one running EID).
  await seedUser(t.database.db, {
    username: 'abuja_eid_supervisor',
    passwordHash: await hashPassword('Demo@12345'),
    facilityId: abuja.id,
    roles: [['EID', 'Supervisor']],
  });
  // The public-health programmes' counterpart at another facility.
  await seedUser(t.database.db, {
    username: 'abuja_ph_supervisor',
    passwordHash: await hashPassword('Demo@12345'),
    facilityId: abuja.id,
    roles: [['Lassa Fever', 'Supervisor'], ['COVID-19', 'Supervisor'], ...OTHER_PUBLIC_HEALTH.map((p) => [p, 'Supervisor'] as [string, Role])],
  });
  // The Yaba laboratory runs every public-health programme here, with staff holding them (the demo's hold Lassa fever and COVID-19).
  const [yaba] = (await t.app.inject({ url: '/api/facilities/?page=1&search=Yaba', headers: bearer(await t.token('superadmin')) })).json().results;
  await t.database.db.execute(sql`insert into facility_programs (facility_id, program_id)
    select ${yaba.id}, id from programs where name in (${sql.join(
      OTHER_PUBLIC_HEALTH.map((p) => sql`${p}`),
      sql`, `,
    )}) on conflict do nothing`);
  for (const role of ['Admin', 'Receptionist', 'Analyst', 'Supervisor'] as const) {
    await seedUser(t.database.db, {
      username: `yaba_ph_${role.toLowerCase()}`,
      passwordHash: await hashPassword('Demo@12345'),
      facilityId: yaba.id,
      roles: OTHER_PUBLIC_HEALTH.map((p) => [p, role] as [string, Role]),
    });
  }
}

export interface CatalogueTest {
  id: number;
  code: string;
  name: string;
  panel: number | null;
  is_panel: boolean;
}

/** Requests and the lifecycle's steps in one programme. */
export function programmeSteps(t: () => TestApp, c: ProgrammeCase) {
  const as = async (user: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    t().app.inject({ method, url, headers: bearer(await t().token(user)), ...(payload ? { payload } : {}) });
  const base = `/api/${c.form}`;

  const catalogue = async (): Promise<CatalogueTest[]> =>
    (await as('superadmin', 'GET', `/api/test_configuration/?program__name=${encodeURIComponent(c.program)}`)).json();
  const testByCode = async (code: string) => (await catalogue()).find((x) => x.code === code)!;
  const sampleTypeId = async (code = c.sampleType) =>
    ((await as('superadmin', 'GET', '/api/sample_type/')).json() as { id: number; code: string }[]).find((s) => s.code === code)!.id;

  /** The facility offers these tests (a demo facility may already). */
  async function offer(...codes: string[]) {
    for (const code of codes) {
      const test = await testByCode(code);
      const res = await as(c.admin, 'POST', '/api/facility_test_service/', { test_type: test.id, price: 5000 });
      expect([201, 400], res.body).toContain(res.statusCode);
    }
  }

  async function newClient() {
    const res = await as(c.orderer, 'POST', '/api/clients/', {
      first_name: 'Bola',
      last_name: `Test-${Math.random().toString(36).slice(2, 7)}`,
      sex: 'male',
      estimated_age_years: 35,
      identifiers: [{ identifier_type: 1, identifier: `H-${Math.random().toString(36).slice(2, 9)}` }],
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: number };
  }

  /** Order the case's test (or these codes) for a new client: the whole order as the API answers it. */
  async function order(codes: string[] = [c.test]) {
    await offer(...codes);
    const client = await newClient();
    const ids = await Promise.all(codes.map(async (code) => (await testByCode(code)).id));
    const res = await as(c.orderer, 'POST', `${base}/`, { client: client.id, program: c.program, test_types: ids, form: requestFormFor(c) });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as {
      id: number;
      lab_number: string;
      program: string;
      samples: { id: number; barcode: string; sample_type: number | null; sample_type_name: string | null; tests: { id: number; test_type: number }[] }[];
    };
  }

  /** Collected and accepted at reception: the order's first sample. */
  async function received() {
    const placed = await order();
    const sample = placed.samples[0]!;
    const collect = await as(c.orderer, 'POST', `${base}/${sample.id}/collect/`, { collected_at: new Date().toISOString(), sample_type: await sampleTypeId() });
    expect(collect.statusCode, collect.body).toBe(200);
    const accept = await as(c.orderer, 'POST', `${base}/${sample.id}/accept/`, {});
    expect(accept.statusCode, accept.body).toBe(200);
    return { placed, sample };
  }

  /**
   * Enter the case's value for each test of the sample that takes one (a member computed from
   * another — the viral load's log10 — enters with it): the result ids of these tests.
   */
  async function enterAll(sample: { id: number; tests: { id: number; test_type: number }[] }) {
    const tests = await catalogue();
    const ids: number[] = [];
    for (const to of sample.tests) {
      const code = tests.find((x) => x.id === to.test_type)!.code;
      if (!(code in c.values)) continue;
      const res = await as(c.analyst, 'POST', '/api/results/', { test_order: to.id, value: c.values[code] });
      expect(res.statusCode, `${code}: ${res.body}`).toBe(201);
      ids.push(res.json().id);
    }
    // Results entered with them (computed members) are among the tests' results too.
    const computed = sample.tests.filter((to) => !(tests.find((x) => x.id === to.test_type)!.code in c.values));
    if (computed.length) {
      const detail = (await as(c.supervisor, 'GET', `${base}/${sample.id}/`)).json() as { tests: { id: number; result: { id: number } | null }[] };
      for (const to of computed) {
        const made = detail.tests.find((x) => x.id === to.id)?.result;
        if (made) ids.push(made.id);
      }
    }
    return ids;
  }

  return { as, base, catalogue, testByCode, sampleTypeId, offer, newClient, order, received, enterAll };
}

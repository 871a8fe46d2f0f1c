import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from './harness.js';
import { MATRIX_USERS, type MatrixClass, REGISTRARS } from './matrix.js';
import { TUBERCULOSIS } from './programmes.js';

/**
 * Every administration endpoint × every demo user → the expected status.
 * Users fall in classes; each row says which classes may do what.
 */
const USERS = MATRIX_USERS;
type Class = MatrixClass;

let t: TestApp;
let ids: {
  shipment: number;
  cancelled: number;
  referred: number;
  wsTemplate: number;
  hb: number;
  tb: number;
  ikejaAnalyst: number;
  yabaClerk: number;
  ikeja: number;
  general: number;
  yabaClient: number;
};
let n = 0;
const unique = () => `${Date.now().toString(36)}${(n++).toString(36)}`;

beforeAll(async () => {
  t = await createTestApp();
  const admin = bearer(await t.token('superadmin'));
  const general = (await t.app.inject({ url: '/api/program/', headers: admin })).json().find((p: { name: string }) => p.name === 'General').id;
  const hb = await t.app.inject({
    method: 'POST',
    url: '/api/test_type/',
    headers: admin,
    payload: { program: general, name: 'Matrix Hb', code: 'MX-HB', result_type: 'numeric' },
  });
  const users = (await t.app.inject({ url: '/api/users/?page=1&page_size=100', headers: admin })).json().results;
  const id = (u: string) => users.find((x: { username: string }) => x.username === u).id;
  const facilities = (await t.app.inject({ url: '/api/facilities/?page=1&page_size=100', headers: admin })).json().results;
  // A shipment from Mushin to Yaba of one collected TB sample.
  const mushin = bearer(await t.token('mushin_receptionist'));
  const client = await t.app.inject({
    method: 'POST',
    url: '/api/clients/',
    headers: mushin,
    payload: { first_name: 'Matrix', last_name: 'Referral', sex: 'male', estimated_age_years: 30 },
  });
  const xpert = (await t.app.inject({ url: '/api/test_configuration/?program__name=Tuberculosis', headers: admin }))
    .json()
    .find((x: { code: string }) => x.code === 'TB-XPERT').id;
  const sputum = (await t.app.inject({ url: '/api/sample_type/', headers: admin })).json().find((x: { code: string }) => x.code === 'SPU').id;
  // The case's TB request form (test/programmes.ts), ordered and collected at Mushin.
  const collectedAtMushin = async (): Promise<number> => {
    const order = await t.app.inject({
      method: 'POST',
      url: '/api/tb_sample/',
      headers: mushin,
      payload: { client: client.json().id, program: 'Tuberculosis', test_types: [xpert], form: TUBERCULOSIS.requestForm },
    });
    const id = order.json().samples[0].id as number;
    await t.app.inject({
      method: 'POST',
      url: `/api/tb_sample/${id}/collect/`,
      headers: mushin,
      payload: { collected_at: new Date().toISOString(), sample_type: sputum },
    });
    return id;
  };
  const supervisor = bearer(await t.token('mushin_supervisor'));
  const to = (await t.app.inject({ url: '/api/referral_destination/', headers: supervisor })).json()[0].facility;
  const ship = (sampleId: number) =>
    t.app.inject({
      method: 'POST',
      url: '/api/shipment/',
      headers: supervisor,
      payload: { receiving_facility: to, samples: [sampleId], storage_temperature: 'ambient', packed_by: 'Matrix', pickup_date: '2026-11-26' },
    });
  const shipment = await ship(await collectedAtMushin());
  expect(shipment.statusCode, shipment.body).toBe(201);
  // …and a cancelled one of another sample: every move on it is refused (409) to whoever may make it.
  const toCancel = await ship(await collectedAtMushin());
  await t.app.inject({ method: 'POST', url: `/api/shipment/${toCancel.json().id}/cancel/`, headers: supervisor, payload: { reason: 'Matrix' } });
  // The demo's referred sample with a released result (seed/demo-referral.ts).
  const referred = (await t.app.inject({ url: '/api/referred_sample/', headers: supervisor }))
    .json()
    .results.find((r: { results: unknown[] }) => r.results.length);
  ids = {
    shipment: shipment.json().id,
    cancelled: toCancel.json().id,
    referred: referred.id,
    // the demo's m2000 template of the Yaba viral-load bench
    wsTemplate: (await t.app.inject({ url: '/api/worksheet_template/?page=1', headers: bearer(await t.token('ph_supervisor')) })).json().results[0].id,
    hb: hb.json().id,
    // Yaba runs no General: its admin configures a Tuberculosis test
    tb: (await t.app.inject({ url: '/api/test_configuration/?program__name=Tuberculosis', headers: admin })).json()[0].id,
    ikejaAnalyst: id('clin_analyst'),
    yabaClerk: id('ph_clerk'),
    ikeja: facilities.find((f: { facility_code: string }) => f.facility_code === 'LA-IKJ-001').id,
    general,
    yabaClient: (
      await t.app.inject({
        method: 'POST',
        url: '/api/clients/',
        headers: bearer(await t.token('ph_receptionist')),
        payload: { first_name: 'Matrix', last_name: 'Client', sex: 'female', estimated_age_years: 40 },
      })
    ).json().id,
  };
});
afterAll(() => t.close());

type Row = {
  name: string;
  method: 'GET' | 'POST' | 'PATCH' | 'PUT';
  url: () => string;
  body?: (cls: Class) => object;
  expect: Partial<Record<Class, number>>;
  /** Where a class is not enough (roles within facility staff): the status for one user. */
  users?: Partial<Record<keyof typeof USERS, number>>;
  otherwise: number;
};

/** Mushin's primary health centre: a Supervisor and a Receptionist in Tuberculosis, referring to Yaba. */
const MUSHIN = ['mushin_supervisor', 'mushin_receptionist'] as const;
const YABA_STAFF = ['ph_supervisor', 'ph_receptionist', 'ph_analyst', 'ph_clerk', 'ph_data_analyst'] as const;
/** Ikeja's staff who neither dispatch nor receive samples: refused a shipment's moves before it is looked up. */
const IKEJA_NOT_REFERRING = ['clin_manager', 'clin_analyst', 'clin_clerk', 'clin_data_analyst'] as const;
const each = (users: readonly (keyof typeof USERS)[], status: number) => Object.fromEntries(users.map((u) => [u, status]));

const ALL_200 = { super: 200, clinicalAdmin: 200, labAdmin: 200, staff: 200, tier: 200 };
const ROWS: Row[] = [
  { name: 'list reference data', method: 'GET', url: () => '/api/method/?page=1', expect: ALL_200, otherwise: 200 },
  { name: 'create reference data', method: 'POST', url: () => '/api/method/', body: () => ({ name: `M ${unique()}` }), expect: { super: 201 }, otherwise: 403 },
  { name: 'list facilities', method: 'GET', url: () => '/api/facilities/?page=1', expect: { super: 200 }, otherwise: 403 },
  {
    name: 'create facility',
    method: 'POST',
    url: () => '/api/facilities/',
    body: () => ({ facility_name: 'X', facility_code: `C-${unique()}`, facility_type: 'public', tier: 'Primary', state: 1, lga: 1 }),
    expect: { super: 201 },
    otherwise: 403,
  },
  {
    name: 'edit facility',
    method: 'PATCH',
    url: () => `/api/facilities/${ids.ikeja}/`,
    body: () => ({ phone: '0800' }),
    expect: { super: 200 },
    otherwise: 403,
  },
  { name: 'list users', method: 'GET', url: () => '/api/users/?page=1', expect: { super: 200, clinicalAdmin: 200, labAdmin: 200 }, otherwise: 403 },
  {
    name: 'create user',
    method: 'POST',
    url: () => '/api/users/',
    body: (cls) => ({ username: `u_${unique()}`, password: 'Mango-courier-bench-42', ...(cls === 'super' ? { facility: ids.ikeja } : {}) }),
    expect: { super: 201, clinicalAdmin: 201, labAdmin: 201 },
    otherwise: 403,
  },
  {
    name: 'read an Ikeja user',
    method: 'GET',
    url: () => `/api/users/${ids.ikejaAnalyst}/`,
    expect: { super: 200, clinicalAdmin: 200, labAdmin: 404 },
    otherwise: 403,
  },
  {
    name: 'edit a Yaba user',
    method: 'PATCH',
    url: () => `/api/users/${ids.yabaClerk}/`,
    body: () => ({ department: 'Lab' }),
    expect: { super: 200, clinicalAdmin: 404, labAdmin: 200 },
    otherwise: 403,
  },
  {
    name: 'disable a Yaba user',
    method: 'POST',
    url: () => `/api/users/${ids.yabaClerk}/disable_enable/`,
    expect: { super: 200, clinicalAdmin: 404, labAdmin: 200 },
    otherwise: 403,
  },
  { name: 'list catalogue', method: 'GET', url: () => '/api/test_type/?page=1', expect: ALL_200, otherwise: 200 },
  {
    name: 'create catalogue test',
    method: 'POST',
    url: () => '/api/test_type/',
    body: () => ({ program: ids.general, name: `T ${unique()}`, code: `T-${unique()}`, result_type: 'numeric' }),
    expect: { super: 201 },
    otherwise: 403,
  },
  {
    name: 'list test services',
    method: 'GET',
    url: () => '/api/facility_test_service/?page=1',
    expect: { super: 200, clinicalAdmin: 200, labAdmin: 200, staff: 200 },
    otherwise: 403,
  },
  {
    name: 'price a test',
    method: 'POST',
    url: () => '/api/facility_test_service/',
    body: (cls) => ({ test_type: cls === 'labAdmin' ? ids.tb : ids.hb, price: 100 }),
    expect: { clinicalAdmin: 201, labAdmin: 201 },
    otherwise: 403,
  },
  {
    name: 'set a TAT',
    method: 'POST',
    url: () => '/api/facility_tat/',
    body: (cls) => ({ test_type: cls === 'labAdmin' ? ids.tb : ids.hb, hours: 3 }),
    expect: { clinicalAdmin: 201, labAdmin: 201 },
    otherwise: 403,
  },
  {
    name: 'set a reference range',
    method: 'POST',
    url: () => '/api/facility_test_measure/',
    body: (cls) => ({ test_type: cls === 'labAdmin' ? ids.tb : ids.hb, low: 1, high: 2 }),
    expect: { clinicalAdmin: 201, labAdmin: 201 },
    otherwise: 403,
  },
  { name: 'effective measures', method: 'GET', url: () => `/api/facility_test_measure/effective?test_types=${ids.hb}`, expect: ALL_200, otherwise: 200 },
  {
    name: 'list machines',
    method: 'GET',
    url: () => '/api/machine_setting/?page=1',
    expect: { super: 200, clinicalAdmin: 200, labAdmin: 200, staff: 200 },
    otherwise: 403,
  },
  {
    name: 'add a machine',
    method: 'POST',
    url: () => '/api/machine_setting/',
    body: () => ({ name: 'GX', serial_number: unique() }),
    expect: { clinicalAdmin: 201, labAdmin: 201 },
    otherwise: 403,
  },
  {
    name: 'list QC materials',
    method: 'GET',
    url: () => '/api/qc_test_config/?page=1',
    expect: { super: 200, clinicalAdmin: 200, labAdmin: 200, staff: 200 },
    otherwise: 403,
  },
  {
    name: 'add a QC material',
    method: 'POST',
    url: () => '/api/qc_test_config/',
    body: (cls) => ({
      test_type: cls === 'labAdmin' ? ids.tb : ids.hb,
      name: 'QC',
      lot_number: unique(),
      expiry_date: '2030-01-01',
      level: 'low',
      target_mean: 1,
      target_sd: 1,
    }),
    expect: { clinicalAdmin: 201, labAdmin: 201 },
    otherwise: 403,
  },
  { name: 'admin dashboard', method: 'GET', url: () => '/api/admin_dashboard/', expect: { super: 200 }, otherwise: 403 },
  // the help page: everyone signed in, each told of their own facility's administrators (modules/help)
  { name: 'help and support', method: 'GET', url: () => '/api/help/', expect: ALL_200, otherwise: 200 },
  { name: 'look-ups', method: 'GET', url: () => '/api/general_order_look_up/', expect: ALL_200, otherwise: 200 },
  // the TB form's vocabularies: for a role in Tuberculosis (the Yaba staff and its admin, the Kano supervisor) and the super admin
  {
    name: 'TB form look-up',
    method: 'GET',
    url: () => '/api/tb_form_lookup/',
    expect: { super: 200, labAdmin: 200 },
    users: { ph_supervisor: 200, ph_receptionist: 200, ph_analyst: 200, ph_clerk: 200, ph_data_analyst: 200, kano_supervisor: 200, ...each(MUSHIN, 200) },
    otherwise: 403,
  },
  // the TB analytics: for a role that reads Tuberculosis (not the admin, whose role reads nothing); the super admin reads
  // no facility's patients (DESIGN §3), only the officials' aggregates
  {
    name: 'TB dashboard',
    method: 'GET',
    url: () => '/api/facility_tb_dashboard/',
    expect: {},
    users: each([...YABA_STAFF, 'kano_supervisor', ...MUSHIN], 200),
    otherwise: 403,
  },
  {
    name: 'TB report',
    method: 'GET',
    url: () => '/api/tb_report/?page=1',
    // officials and the super admin read the aggregates of their area
    expect: { super: 200, tier: 200 },
    users: each([...YABA_STAFF, 'kano_supervisor', ...MUSHIN], 200),
    otherwise: 403,
  },
  // the public-health analytics: for a role that reads Lassa fever or COVID-19 at Yaba; the to-notify list for supervisors and data analysts
  {
    name: 'public-health dashboard',
    method: 'GET',
    url: () => '/api/facility_general_program_dashboard/',
    expect: {},
    users: each(YABA_STAFF, 200),
    otherwise: 403,
  },
  {
    name: 'public-health line list',
    method: 'GET',
    url: () => '/api/general_program_report/?page=1',
    expect: { super: 200, tier: 200 },
    users: each(YABA_STAFF, 200),
    otherwise: 403,
  },
  {
    name: 'public-health to-notify list',
    method: 'GET',
    url: () => '/api/public_health_notify/?page=1',
    expect: {},
    users: each(['ph_supervisor', 'ph_data_analyst'], 200),
    otherwise: 403,
  },
  // the officials' dashboards: the priority diseases for officials (and the super admin); a disease's dashboard for them and
  // for staff over their facility (the admin's role reads nothing); General's for its staff and the officials
  { name: 'priority diseases', method: 'GET', url: () => '/api/global_dashboard/', expect: { super: 200, tier: 200 }, otherwise: 403 },
  {
    name: 'a disease dashboard',
    method: 'GET',
    url: () => '/api/tier_general_program_dashboard/?disease=malaria',
    expect: { super: 200, tier: 200, staff: 200 },
    otherwise: 403,
  },
  {
    name: "General's dashboard for an area",
    method: 'GET',
    url: () => '/api/tier_general_order_dashboard/',
    expect: { super: 200, tier: 200 },
    users: each(['clin_manager', 'clin_supervisor', 'clin_receptionist', 'clin_analyst', 'clin_clerk', 'clin_data_analyst'], 200),
    otherwise: 403,
  },
  {
    name: 'General order report',
    method: 'GET',
    url: () => '/api/general_order_report/?page=1',
    expect: { super: 200, tier: 200 },
    users: each(['clin_manager', 'clin_supervisor', 'clin_receptionist', 'clin_analyst', 'clin_clerk', 'clin_data_analyst'], 200),
    otherwise: 403,
  },
  // Clients are shared by a facility's programmes: any programme's staff read them, its registration roles register them.
  { name: 'list clients', method: 'GET', url: () => '/api/clients/?page=1', expect: { staff: 200 }, otherwise: 403 },
  {
    name: 'register a client',
    method: 'POST',
    url: () => '/api/clients/',
    body: () => ({ first_name: 'New', last_name: `Client ${unique()}`, sex: 'male', estimated_age_years: 20 }),
    expect: {},
    users: each(REGISTRARS, 201),
    otherwise: 403,
  },
  {
    name: 'read a Yaba client',
    method: 'GET',
    url: () => `/api/clients/${ids.yabaClient}/`,
    expect: { staff: 404 },
    users: each(YABA_STAFF, 200),
    otherwise: 403,
  },
  {
    // a supervisor's decision; merging a record into itself is refused after the role and facility checks
    name: 'merge Yaba clients',
    method: 'POST',
    url: () => `/api/clients/${ids.yabaClient}/merge/`,
    body: () => ({ duplicate: ids.yabaClient }),
    expect: {},
    users: { ph_supervisor: 400, clin_supervisor: 404, kano_supervisor: 404, mushin_supervisor: 404 },
    otherwise: 403,
  },
  // quality control's rules: read by those who record QC in the test's programme, set by its supervisors
  {
    name: 'read the Westgard rules of a test',
    method: 'GET',
    url: () => `/api/qc_rules/?test_type=${ids.hb}`,
    expect: {},
    users: { clin_analyst: 200, clin_supervisor: 200 },
    otherwise: 403,
  },
  {
    name: 'set the Westgard rules of a test',
    method: 'PUT',
    url: () => '/api/qc_rules/',
    body: () => ({
      test_type: ids.hb,
      rules: Object.fromEntries(['1-2s', '1-3s', '2-2s', 'R-4s', '3-1s', '4-1s', '7-T', '10x'].map((r) => [r, { enabled: true, severity: 'reject' }])),
    }),
    expect: {},
    users: { clin_supervisor: 200 },
    otherwise: 403,
  },
  // worksheets: the programme's analysts and supervisors (and, for templates, the facility's admin); another facility's
  // template is not found
  {
    name: 'list worksheet templates',
    method: 'GET',
    url: () => '/api/worksheet_template/?page=1',
    expect: { clinicalAdmin: 200, labAdmin: 200 },
    users: { ph_supervisor: 200, ph_analyst: 200, kano_supervisor: 200, mushin_supervisor: 200 },
    otherwise: 403,
  },
  {
    name: 'list worksheets',
    method: 'GET',
    url: () => '/api/worksheet/?state=archive',
    expect: {},
    users: { ph_supervisor: 200, ph_analyst: 200, kano_supervisor: 200, mushin_supervisor: 200 },
    otherwise: 403,
  },
  {
    name: 'propose a worksheet',
    method: 'GET',
    url: () => `/api/worksheet/proposal/?template=${ids.wsTemplate}`,
    expect: {},
    users: { ph_supervisor: 200, ph_analyst: 200, kano_supervisor: 400, mushin_supervisor: 400 },
    otherwise: 403,
  },
  {
    name: 'create a worksheet (no such test)',
    method: 'POST',
    url: () => '/api/worksheet/',
    body: () => ({ template: ids.wsTemplate, positions: [{ well: 'H12', test_order: 2_000_000_000 }] }),
    expect: {},
    users: { ph_supervisor: 400, ph_analyst: 400, kano_supervisor: 400, mushin_supervisor: 400 },
    otherwise: 403,
  },
  // referral: a facility's users; a shipment is read by its two laboratories (staff holding a role in its programme),
  // moved by the sender's dispatchers or the receiver's receptionists; the super admin and the tier users reach none.
  {
    name: 'referral destinations',
    method: 'GET',
    url: () => '/api/referral_destination/',
    expect: { clinicalAdmin: 200, labAdmin: 200, staff: 200 },
    otherwise: 403,
  },
  {
    name: "the facility's side in referral",
    method: 'GET',
    url: () => '/api/referral_role/?program=Tuberculosis',
    expect: { clinicalAdmin: 200, labAdmin: 200, staff: 200 },
    otherwise: 403,
  },
  {
    name: 'list shipments',
    method: 'GET',
    url: () => '/api/shipment/?direction=incoming',
    expect: { staff: 200 },
    otherwise: 403,
  },
  {
    name: 'read a shipment',
    method: 'GET',
    url: () => `/api/shipment/${ids.shipment}/`,
    expect: { staff: 404, clinicalAdmin: 404, labAdmin: 404 },
    users: { ...each(YABA_STAFF, 200), mushin_supervisor: 200, mushin_receptionist: 200 },
    otherwise: 403,
  },
  {
    name: 'print a shipment manifest',
    method: 'GET',
    url: () => `/api/shipment/${ids.shipment}/manifest.pdf`,
    expect: { staff: 404, clinicalAdmin: 404, labAdmin: 404 },
    users: { ...each(YABA_STAFF, 200), mushin_supervisor: 200, mushin_receptionist: 200 },
    otherwise: 403,
  },
  {
    name: 'create a shipment (no such sample)',
    method: 'POST',
    url: () => '/api/shipment/',
    body: () => ({ receiving_facility: 1, samples: [2_000_000_000], storage_temperature: 'ambient', packed_by: 'X', pickup_date: '2026-11-26' }),
    expect: {},
    users: { ph_supervisor: 400, kano_supervisor: 400, mushin_supervisor: 400 },
    otherwise: 403,
  },
  {
    name: 'deliver a shipment not yet dispatched',
    method: 'POST',
    url: () => `/api/shipment/${ids.shipment}/deliver/`,
    body: () => ({}),
    expect: { staff: 404 },
    users: {
      ...each(IKEJA_NOT_REFERRING, 403),
      ph_supervisor: 409,
      ph_receptionist: 409,
      ph_clerk: 409,
      ph_analyst: 403,
      ph_data_analyst: 403,
      mushin_supervisor: 409,
      mushin_receptionist: 403,
    },
    otherwise: 403,
  },
  {
    name: 'receive a shipment not yet dispatched',
    method: 'POST',
    url: () => `/api/shipment/${ids.shipment}/receive/`,
    body: () => ({ samples: [{ id: 1, accept: true }] }),
    expect: { staff: 404 },
    users: {
      ...each(IKEJA_NOT_REFERRING, 403),
      ph_supervisor: 409,
      ph_receptionist: 409,
      ph_clerk: 409,
      ph_analyst: 403,
      ph_data_analyst: 403,
      mushin_supervisor: 403,
      mushin_receptionist: 403,
    },
    otherwise: 403,
  },
  {
    name: 'referral dashboard',
    method: 'GET',
    url: () => '/api/referral_dashboard/',
    expect: { super: 200, tier: 200, staff: 200 },
    otherwise: 403,
  },
  ...(['notify_facility', 'notify_courier', 'dispatch', 'cancel'] as const).map(
    (action): Row => ({
      name: `${action.replace('_', ' ')} a cancelled shipment`,
      method: 'POST',
      url: () => `/api/shipment/${ids.cancelled}/${action}/`,
      body: () => ({ reason: 'matrix' }),
      // The sender's moves: Ikeja's staff (General: nobody dispatches) are refused before the shipment is looked up.
      expect: {},
      users: { kano_supervisor: 404, mushin_supervisor: 409 },
      otherwise: 403,
    }),
  ),
  {
    name: 'reject a cancelled shipment',
    method: 'POST',
    url: () => `/api/shipment/${ids.cancelled}/reject/`,
    body: () => ({ reason: 'matrix' }),
    expect: { staff: 404 },
    users: {
      ...each(IKEJA_NOT_REFERRING, 403),
      ph_supervisor: 409,
      ph_receptionist: 409,
      ph_clerk: 409,
      ph_analyst: 403,
      ph_data_analyst: 403,
      mushin_supervisor: 403,
      mushin_receptionist: 403,
    },
    otherwise: 403,
  },
  {
    name: "print a referred sample's report",
    method: 'GET',
    url: () => `/api/referred_sample/${ids.referred}/report/`,
    expect: { staff: 404, clinicalAdmin: 404, labAdmin: 404 },
    users: each(MUSHIN, 200),
    otherwise: 403,
  },
  {
    name: 'list referred samples',
    method: 'GET',
    url: () => '/api/referred_sample/',
    expect: { staff: 200 },
    otherwise: 403,
  },
  // API clients: a facility's administrator keeps those of its facility within its programmes (ph_admin: Yaba's demo
  // EMR, id 1); the super admin any facility's (naming the facility on create). Nobody else reaches them.
  { name: 'list API clients', method: 'GET', url: () => '/api/api_client/', expect: { super: 200, clinicalAdmin: 200, labAdmin: 200 }, otherwise: 403 },
  {
    name: 'create an API client for Viral Load',
    method: 'POST',
    url: () => '/api/api_client/',
    body: () => ({ name: `EMR ${unique()}`, scopes: ['results.read'], programs: ['Viral Load'] }),
    expect: { super: 400, clinicalAdmin: 400, labAdmin: 201 },
    otherwise: 403,
  },
  {
    name: "a new secret for Yaba's EMR",
    method: 'POST',
    url: () => '/api/api_client/1/rotate/',
    expect: { super: 200, clinicalAdmin: 404, labAdmin: 200 },
    otherwise: 403,
  },
  // Electronic requests: the staff who register samples in the programme, at the laboratory the request is addressed to.
  {
    name: 'list electronic requests',
    method: 'GET',
    url: () => '/api/electronic_request/',
    expect: {},
    users: each(REGISTRARS, 200),
    otherwise: 403,
  },
  {
    name: 'accept an electronic request (no such request)',
    method: 'POST',
    url: () => '/api/electronic_request/999999/accept/',
    body: () => ({}),
    expect: {},
    users: each(REGISTRARS, 404),
    otherwise: 403,
  },
  {
    name: 'reject an electronic request (no such request)',
    method: 'POST',
    url: () => '/api/electronic_request/999999/reject/',
    body: () => ({ reason: 'matrix' }),
    expect: {},
    users: each(REGISTRARS, 404),
    otherwise: 403,
  },
  // Orders over FHIR by a person: those who register samples may post (this empty transaction is a 400); the Tasks
  // are read by those who read a programme's samples at a facility.
  {
    name: 'post an order bundle to /fhir',
    method: 'POST',
    url: () => '/fhir',
    body: () => ({ resourceType: 'Bundle', type: 'transaction', entry: [] }),
    expect: {},
    users: each(REGISTRARS, 400),
    otherwise: 403,
  },
  { name: 'search Tasks', method: 'GET', url: () => '/fhir/Task', expect: { staff: 200 }, otherwise: 403 },
  // A printed report's verification is public: everyone, signed in or not, of any facility, gets the same reply
  // (here a code never issued: 404; verification.test.ts verifies a real one without a token).
  { name: 'verify a report code (public)', method: 'GET', url: () => '/api/verify/NL-0000-0000-0000-0000/', expect: {}, otherwise: 404 },
];

describe('authorisation matrix: administration', () => {
  for (const row of ROWS) {
    it(row.name, async () => {
      const seen: Record<string, number> = {};
      const wanted: Record<string, number> = {};
      for (const [username, cls] of Object.entries(USERS)) {
        const res = await t.app.inject({
          method: row.method,
          url: row.url(),
          headers: bearer(await t.token(username)),
          ...(row.body ? { payload: row.body(cls) } : {}),
        });
        seen[username] = res.statusCode;
        wanted[username] = row.users?.[username as keyof typeof USERS] ?? row.expect[cls] ?? row.otherwise;
        // put the Yaba clerk back after a toggle, so the next user finds the same state
        if (row.name === 'disable a Yaba user' && res.statusCode === 200 && !res.json().is_active) {
          await t.app.inject({ method: 'POST', url: row.url(), headers: bearer(await t.token('superadmin')) });
          // disabling ended the clerk's sessions: they sign in afresh when their turn comes
          t.forget('ph_clerk');
        }
      }
      expect(seen).toEqual(wanted);
    });
  }
});

/**
 * The outside probe's findings (DESIGN §3), each request as the probe sent it, now refused. The probe's
 * administrator is a Yaba user who is Admin in Tuberculosis only, made by the facility admin; its TB-only
 * receptionist, analyst and supervisor likewise.
 */
describe('authorisation matrix: the outside probe', () => {
  const PASSWORD = 'Harbour-lantern-62-quiet';
  const made: Record<string, number> = {};
  const demo: Record<string, number> = {};
  const clientOf: Record<string, number> = {};
  const call = async (user: string, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: bearer(await t.token(user, user.startsWith('probe_') ? PASSWORD : undefined)), ...(payload ? { payload } : {}) });

  beforeAll(async () => {
    for (const [username, programs, roles] of [
      ['probe_tb_admin', 'Tuberculosis', 'Admin'],
      ['probe_tb_receptionist', 'Tuberculosis', 'Receptionist'],
      ['probe_tb_analyst', 'Tuberculosis', 'Analyst'],
      ['probe_tb_supervisor', 'Tuberculosis', 'Supervisor'],
      ['probe_vl_supervisor', 'Viral Load', 'Supervisor'],
    ] as const) {
      const res = await call('ph_admin', 'POST', '/api/users/', { username, password: PASSWORD, programs_roles: [{ programs, roles }] });
      expect(res.statusCode, res.body).toBe(201);
      made[username] = res.json().id;
    }
    for (const u of (await call('ph_admin', 'GET', '/api/users/?page=1&page_size=100')).json().results as { id: number; username: string }[])
      demo[u.username] = u.id;
    // Two viral-load patients and an EID infant, registered with their programme's identifiers and samples by Yaba's staff.
    const types = (await call('ph_receptionist', 'GET', '/api/client_identifier_type/')).json() as { id: number; name: string }[];
    const type = (name: string) => types.find((x) => x.name === name)!.id;
    for (const [key, identifier, program] of [
      ['vl1', 'ART number', 'Viral Load'],
      ['vl2', 'ART number', 'Viral Load'],
      ['infant', 'HIV-exposed infant number', 'EID'],
    ] as const) {
      const res = await call('ph_receptionist', 'POST', '/api/clients/', {
        first_name: 'Probe',
        last_name: 'Patient',
        sex: 'female',
        estimated_age_years: key === 'infant' ? 0 : 30,
        identifiers: [{ identifier_type: type(identifier), identifier: `${key}-${unique()}` }],
      });
      clientOf[key] = res.json().id;
      // a sample in the programme: an order row is what ties the client to it
      await t.database.db.execute(
        sql`insert into orders (facility_id, program_id, client_id, lab_number, form)
            select c.facility_id, p.id, c.id, ${`PROBE-${unique()}`}, '{}'::jsonb from clients c, programs p where c.id = ${res.json().id} and p.name = ${program}`,
      );
    }
  });

  type Probe = [finding: string, user: string, method: 'GET' | 'POST' | 'PATCH', url: () => string, body: (() => object) | null, expected: number];
  const PROBES: Probe[] = [
    [
      '1. a TB admin gives itself a Viral Load role',
      'probe_tb_admin',
      'PATCH',
      () => `/api/users/${made.probe_tb_admin}/`,
      () => ({
        programs_roles: [
          { programs: 'Tuberculosis', roles: 'Admin' },
          { programs: 'Viral Load', roles: 'Supervisor' },
        ],
      }),
      403,
    ],
    [
      "1. a TB admin resets a VL supervisor's password",
      'probe_tb_admin',
      'POST',
      () => '/api/users/change_password/',
      () => ({ username: 'probe_vl_supervisor', password: 'Quiet-lagoon-reset-9' }),
      403,
    ],
    ['1. a TB admin disables a user holding five programmes', 'probe_tb_admin', 'POST', () => `/api/users/${demo.ph_supervisor}/disable_enable/`, null, 403],
    [
      '1. a TB admin creates a VL supervisor',
      'probe_tb_admin',
      'POST',
      () => '/api/users/',
      () => ({ username: `probe_new_${unique()}`, password: PASSWORD, programs_roles: [{ programs: 'Viral Load', roles: 'Supervisor' }] }),
      403,
    ],
    [
      '2. the facility admin changes its own roles',
      'ph_admin',
      'PATCH',
      () => `/api/users/${demo.ph_admin}/`,
      () => ({ programs_roles: [{ programs: 'Tuberculosis', roles: 'Supervisor' }] }),
      403,
    ],
    ['3. a TB-only analyst lists the clients: no HIV identifier', 'probe_tb_analyst', 'GET', () => '/api/clients/?page_size=100', null, 200],
    [
      "3. a TB-only receptionist edits an EID infant's phone",
      'probe_tb_receptionist',
      'PATCH',
      () => `/api/clients/${clientOf.infant}/`,
      () => ({ phone: '0803' }),
      403,
    ],
    [
      '3. a TB-only supervisor merges two viral-load patients',
      'probe_tb_supervisor',
      'POST',
      () => `/api/clients/${clientOf.vl1}/merge/`,
      () => ({ duplicate: clientOf.vl2 }),
      403,
    ],
    ['4. the super admin lists clients', 'superadmin', 'GET', () => '/api/clients/?page=1&page_size=100', null, 403],
    ['4. the super admin lists results', 'superadmin', 'GET', () => '/api/results/?page=1', null, 403],
    ['4. the super admin reads the to-notify list', 'superadmin', 'GET', () => '/api/public_health_notify/?page=1', null, 403],
    ['4. the super admin reads the viral-load line list', 'superadmin', 'GET', () => '/api/vl_report/', null, 403],
    ['5. ordering by __proto__', 'ph_supervisor', 'GET', () => '/api/clients/?page=1&ordering=__proto__', null, 400],
    ['5. ordering by -__proto__', 'ph_supervisor', 'GET', () => '/api/tb_sample/?page=1&ordering=-__proto__', null, 400],
    ["7. logout with someone else's refresh token and no session", '', 'POST', () => '/api/users/logout/', () => ({ refresh: 'x'.repeat(40) }), 401],
  ];

  for (const [finding, user, method, url, body, expected] of PROBES) {
    it(finding, async () => {
      const res = user ? await call(user, method, url(), body?.()) : await t.app.inject({ method, url: url(), ...(body ? { payload: body() } : {}) });
      expect(res.statusCode, res.body).toBe(expected);
      if (finding.startsWith('3. a TB-only analyst')) {
        expect(res.body).not.toMatch(/ART number|HIV-exposed infant number/);
        expect(res.json().count).toBeGreaterThanOrEqual(3);
      }
      if (expected === 400) expect(res.json()).toHaveProperty('ordering');
      // every reply carrying patients' data, refused or not, leaves no copy in a browser's cache
      expect(res.headers['cache-control']).toBe('no-store');
    });
  }

  it('6. patient data in JSON, CSV and PDF replies is sent with Cache-Control: no-store', async () => {
    for (const url of ['/api/clients/?page=1', '/api/tb_report/?format=csv', '/api/tb_sample/?page=1', '/api/results/?page=1']) {
      const res = await call('ph_supervisor', 'GET', url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-store');
    }
  });

  it('8. a data clerk amends no approved result (the probe: 201)', async () => {
    const res = await call('ph_clerk', 'POST', '/api/results/1/amend/', { value: 1, reason: 'x', password: 'Demo@12345' });
    expect(res.statusCode).toBe(403);
  });
});

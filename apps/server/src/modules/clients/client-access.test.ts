import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../test/harness.js';
import { EID, programmeSteps, TUBERCULOSIS, VIRAL_LOAD } from '../../test/programmes.js';

/**
 * A client's programme-specific identifiers are shown only to users holding a
 * role in their programme — to see an ART number is to learn an HIV status —
 * and changing a client (an edit, a merge) needs a role in every programme
 * the client has samples in (DESIGN §3). Found by the outside probe: a
 * TB-only analyst read every client's ART and exposed-infant numbers, a
 * TB-only receptionist edited an EID infant's phone, a TB-only supervisor
 * merged two viral-load patients.
 */
let t: TestApp;
const PASSWORD = 'Harbour-lantern-62-quiet';
const TB_ONLY = { receptionist: 'tbonly_receptionist', analyst: 'tbonly_analyst', supervisor: 'tbonly_supervisor' } as const;
const vl = programmeSteps(() => t, VIRAL_LOAD);
const eid = programmeSteps(() => t, EID);
const tb = programmeSteps(() => t, TUBERCULOSIS);
const types: Record<string, number> = {};

const as = async (user: string, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(await t.token(user, user.startsWith('tbonly_') ? PASSWORD : undefined)), ...(payload ? { payload } : {}) });

type Client = { id: number; first_name: string; last_name: string; identifiers: { identifier_type_name: string; identifier: string }[] };
const typeNames = (c: Client) => c.identifiers.map((i) => i.identifier_type_name);

/** The client of an order's first sample, as the programme's staff read it. */
async function clientOf(steps: typeof vl, placed: { samples: { id: number }[] }): Promise<Client> {
  const detail = (await steps.as('ph_supervisor', 'GET', `${steps.base}/${placed.samples[0]!.id}/`)).json();
  return (await as('ph_supervisor', 'GET', `/api/clients/${detail.client}/`)).json();
}

beforeAll(async () => {
  t = await createTestApp();
  for (const [role, username] of Object.entries(TB_ONLY)) {
    const res = await as('ph_admin', 'POST', '/api/users/', {
      username,
      password: PASSWORD,
      programs_roles: [{ programs: 'Tuberculosis', roles: role.charAt(0).toUpperCase() + role.slice(1) }],
    });
    expect(res.statusCode, res.body).toBe(201);
  }
  for (const row of (await as('ph_supervisor', 'GET', '/api/client_identifier_type/')).json() as { id: number; name: string }[]) types[row.name] = row.id;
});
afterAll(() => t.close());

describe("a client's HIV and other programme identifiers", () => {
  it('are absent for a TB-only analyst — in the list, the record, a TB sample and every search — and shown to VL staff', async () => {
    const placed = await vl.order();
    const client = await clientOf(vl, placed);
    const art = client.identifiers.find((i) => i.identifier_type_name === 'ART number')!.identifier;
    expect(art).toBeTruthy();
    // The same person also has a TB sample, which the TB-only staff read.
    const tbOrder = await as('ph_receptionist', 'POST', '/api/tb_sample/', {
      client: client.id,
      test_types: [(await tb.testByCode(TUBERCULOSIS.test)).id],
      form: TUBERCULOSIS.requestForm,
    });
    expect(tbOrder.statusCode, tbOrder.body).toBe(201);

    // the probe's request: every client of the facility, with their identifiers
    const list = (await as(TB_ONLY.analyst, 'GET', '/api/clients/?page=1&page_size=100')).json();
    expect(list.results.length).toBeGreaterThan(0);
    const seen = JSON.stringify(list);
    for (const hidden of ['ART number', 'HIV-exposed infant number', 'EPID number', art]) expect(seen).not.toContain(hidden);
    const record = (await as(TB_ONLY.analyst, 'GET', `/api/clients/${client.id}/`)).json() as Client;
    expect(typeNames(record)).toEqual(['Hospital number']);
    const sample = (await as(TB_ONLY.analyst, 'GET', `/api/tb_sample/${tbOrder.json().samples[0].id}/`)).json();
    expect(sample.client_identifiers.map((i: { identifier_type_name: string }) => i.identifier_type_name)).not.toContain('ART number');
    // searching by the ART number finds nobody for them: a match would tell whose it is
    expect((await as(TB_ONLY.analyst, 'GET', `/api/clients/?page=1&search=${encodeURIComponent(art)}`)).json().count).toBe(0);
    expect((await as(TB_ONLY.analyst, 'GET', `/api/tb_sample/?page=1&search=${encodeURIComponent(art)}`)).json().count).toBe(0);

    // Viral Load staff see it, and find the person by it.
    expect(typeNames((await as('ph_receptionist', 'GET', `/api/clients/${client.id}/`)).json())).toContain('ART number');
    expect((await as('ph_receptionist', 'GET', `/api/clients/?page=1&search=${encodeURIComponent(art)}`)).json().count).toBe(1);
  });

  it("are written only by their programme's staff, and survive another's edit", async () => {
    const refused = await as(TB_ONLY.receptionist, 'POST', '/api/clients/', {
      first_name: 'Kemi',
      last_name: 'Art',
      sex: 'female',
      estimated_age_years: 30,
      identifiers: [{ identifier_type: types['ART number'], identifier: 'ART/LA/9001' }],
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ identifiers: [expect.stringMatching(/ART number/)] });
    // A VL receptionist registers a client with an ART number (no sample yet); a TB-only receptionist edits the hospital number.
    const created = await as('ph_receptionist', 'POST', '/api/clients/', {
      first_name: 'Kemi',
      last_name: 'Art',
      sex: 'female',
      estimated_age_years: 30,
      identifiers: [
        { identifier_type: types['Hospital number'], identifier: 'H-ART-1' },
        { identifier_type: types['ART number'], identifier: 'ART/LA/9002' },
      ],
    });
    expect(created.statusCode, created.body).toBe(201);
    const edited = await as(TB_ONLY.receptionist, 'PATCH', `/api/clients/${created.json().id}/`, {
      identifiers: [{ identifier_type: types['Hospital number'], identifier: 'H-ART-2' }],
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(typeNames(edited.json())).toEqual(['Hospital number']);
    const whole = (await as('ph_receptionist', 'GET', `/api/clients/${created.json().id}/`)).json() as Client;
    expect(whole.identifiers.map((i) => i.identifier).sort()).toEqual(['ART/LA/9002', 'H-ART-2']);
  });
});

describe('changing a client needs a role in every programme it has samples in', () => {
  it("refuses a TB-only receptionist an EID infant's phone (the probe: 200); EID staff change it", async () => {
    const infant = await clientOf(eid, await eid.order());
    const res = await as(TB_ONLY.receptionist, 'PATCH', `/api/clients/${infant.id}/`, { phone: '08030000001' });
    expect(res.statusCode).toBe(403);
    expect(res.json().detail).toMatch(/samples in EID/);
    expect((await as('ph_receptionist', 'PATCH', `/api/clients/${infant.id}/`, { phone: '08030000002' })).statusCode).toBe(200);
  });

  it('refuses a TB-only supervisor a merge of two viral-load patients (the probe: 200)', async () => {
    const a = await clientOf(vl, await vl.order());
    const b = await clientOf(vl, await vl.order());
    const res = await as(TB_ONLY.supervisor, 'POST', `/api/clients/${a.id}/merge/`, { duplicate: b.id, confirm: 'MERGE' });
    expect(res.statusCode).toBe(403);
    expect((await as('ph_supervisor', 'GET', `/api/clients/${b.id}/`)).json().merged_into).toBeNull();
  });

  it('asks for a typed confirmation naming what differs when two records do not look alike', async () => {
    const a = await clientOf(vl, await vl.order());
    const b = await clientOf(vl, await vl.order());
    // the steps' clients are "Bola Test-xxxxx": the last names differ
    const unconfirmed = await as('ph_supervisor', 'POST', `/api/clients/${a.id}/merge/`, { duplicate: b.id });
    expect(unconfirmed.statusCode).toBe(400);
    expect(unconfirmed.json()).toEqual({ confirm: [expect.stringMatching(/differ in last name: .*Type MERGE/)] });
    expect((await as('ph_supervisor', 'POST', `/api/clients/${a.id}/merge/`, { duplicate: b.id, confirm: 'yes' })).statusCode).toBe(400);
    const merged = await as('ph_supervisor', 'POST', `/api/clients/${a.id}/merge/`, { duplicate: b.id, confirm: 'MERGE' });
    expect(merged.statusCode, merged.body).toBe(200);
    // both ART numbers are now the kept client's, shown to the VL supervisor who merged
    expect(merged.json().identifiers.filter((i: { identifier_type_name: string }) => i.identifier_type_name === 'ART number')).toHaveLength(2);
  });
});

describe('the super admin', () => {
  it('reads no client (the probe: 200 nationwide)', async () => {
    const placed = await vl.order();
    const client = await clientOf(vl, placed);
    expect((await as('superadmin', 'GET', '/api/clients/?page=1&page_size=100')).statusCode).toBe(403);
    expect((await as('superadmin', 'GET', `/api/clients/${client.id}/`)).statusCode).toBe(403);
    expect((await as('superadmin', 'GET', '/api/results/?page=1')).statusCode).toBe(403);
    expect((await as('superadmin', 'GET', `/api/vl_sample/${placed.samples[0]!.id}/report/`)).statusCode).toBe(403);
    expect((await as('superadmin', 'GET', '/api/public_health_notify/?page=1')).statusCode).toBe(403);
  });
});

import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../core/db.js';
import { bearer, createTestApp, type TestApp } from '../../test/harness.js';
import { programmeSteps, TUBERCULOSIS } from '../../test/programmes.js';

/**
 * Referral: Mushin's primary health centre sends TB sputum to the Yaba laboratory of its network; Yaba receives,
 * rejects one, tests the other; Mushin reads the rejection and the approved result.
 */

let t: TestApp;
let yaba: number;
let reason: number;
const tb = programmeSteps(() => t, TUBERCULOSIS);
const mushinTb = programmeSteps(() => t, {
  ...TUBERCULOSIS,
  admin: 'ph_admin',
  orderer: 'mushin_receptionist',
  analyst: 'ph_analyst',
  supervisor: 'mushin_supervisor',
});

const call = async (actor: string, method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(await t.token(actor)), ...(payload ? { payload } : {}) });
const db = () => t.database.db;
const sampleRow = async (id: number) =>
  rowsOf<{ status: number; facility_id: number; referred_from_facility_id: number | null }>(
    await db().execute(sql`select status, facility_id, referred_from_facility_id from samples where id = ${id}`),
  )[0]!;

/** A TB sample collected at Mushin. */
async function collected() {
  const placed = await mushinTb.order();
  const sample = placed.samples[0]!;
  const res = await call('mushin_receptionist', 'POST', `/api/tb_sample/${sample.id}/collect/`, {
    collected_at: new Date(Date.now() - 3_600_000).toISOString(),
    sample_type: await tb.sampleTypeId(),
  });
  expect(res.statusCode, res.body).toBe(200);
  return sample;
}

const shipmentBody = (samples: number[]) => ({
  receiving_facility: yaba,
  samples,
  packaging: 'Triple packaging, UN3373',
  boxes: 1,
  storage_temperature: '2-8',
  pickup_temperature: 6.5,
  packed_by: 'Mushin Supervisor',
  rider_name: 'Tunde Bakare',
  rider_phone: '+234 803 555 0101',
  pickup_date: new Date().toISOString().slice(0, 10),
});

beforeAll(async () => {
  t = await createTestApp();
  yaba = rowsOf<{ id: number }>(await db().execute(sql`select id from facilities where facility_code = 'LA-YAB-001'`))[0]?.id ?? 0;
  if (!yaba)
    yaba = rowsOf<{ id: number }>(await db().execute(sql`select testing_facility_id as id from lab_networks where name = 'Lagos TB specimen referral'`))[0]!.id;
  reason = (await call('superadmin', 'GET', '/api/rejection_reason/')).json()[0].id;
});
afterAll(() => t.close());

describe('lab networks', () => {
  it('name an existing programme, testing laboratory and courier, or the field is refused', async () => {
    for (const field of ['program', 'testing_facility', 'courier_provider']) {
      const res = await call('superadmin', 'POST', '/api/lab_network/', { name: `Network ${field}`, [field]: 999_999 });
      expect(res.statusCode, `${field}: ${res.body}`).toBe(400);
      expect(Object.keys(res.json()), field).toContain(field);
    }
    const made = await call('superadmin', 'POST', '/api/lab_network/', { name: 'Kano VL network', testing_facility: yaba, expected_hours: 24 });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json()).toMatchObject({ testing_facility: yaba, expected_hours: 24, program: null });
  });
});

describe('referral destinations', () => {
  it("are the testing laboratories of the facility's networks for the programme", async () => {
    const res = await call('mushin_supervisor', 'GET', '/api/referral_destination/?program=Tuberculosis');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().map((d: { facility: number }) => d.facility)).toEqual([yaba]);
    expect((await call('mushin_supervisor', 'GET', '/api/referral_destination/?program=EID')).json()).toEqual([]);
    expect((await call('superadmin', 'GET', '/api/referral_destination/')).statusCode).toBe(403);
    expect((await call('lagos_tier', 'GET', '/api/referral_destination/')).statusCode).toBe(403);
  });
});

describe("a facility's side in a programme's referral", () => {
  it('is the testing laboratory where a lab network of the programme tests, and the referring facility elsewhere', async () => {
    const role = async (username: string, program?: string) => {
      const res = await call(username, 'GET', `/api/referral_role/${program ? `?program=${encodeURIComponent(program)}` : ''}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().testing_laboratory;
    };
    // Yaba tests Mushin's TB sputum; Mushin and Kano refer and test nothing; Ikeja has no network
    expect(await role('ph_receptionist', 'Tuberculosis')).toBe(true);
    expect(await role('ph_supervisor', 'Tuberculosis')).toBe(true);
    expect(await role('ph_supervisor')).toBe(true);
    expect(await role('mushin_supervisor', 'Tuberculosis')).toBe(false);
    expect(await role('kano_supervisor', 'Tuberculosis')).toBe(false);
    expect(await role('clin_supervisor', 'General')).toBe(false);
    // the network made above names no programme: Yaba tests every programme's samples for it, EID's too
    expect(await role('ph_supervisor', 'EID')).toBe(true);
    await db().execute(sql`update lab_networks set is_active = false where name = 'Kano VL network'`);
    expect(await role('ph_supervisor', 'EID')).toBe(false);
    await db().execute(sql`update lab_networks set is_active = true where name = 'Kano VL network'`);
    // over-long input is a 400 naming the field; the super admin and officials hold no facility
    const long = await call('ph_supervisor', 'GET', `/api/referral_role/?program=${'x'.repeat(101)}`);
    expect(long.statusCode).toBe(400);
    expect(long.json()).toHaveProperty('program');
    expect((await call('superadmin', 'GET', '/api/referral_role/')).statusCode).toBe(403);
    expect((await call('fed_tier', 'GET', '/api/referral_role/')).statusCode).toBe(403);
  });
});

describe('a shipment from Mushin to Yaba', () => {
  let first: { id: number; barcode: string };
  let second: { id: number; barcode: string };
  let shipment: number;

  it('is made by the sending supervisor from collected samples, which become DISPATCHED; a sample goes in one open shipment only', async () => {
    first = await collected();
    second = await collected();
    expect((await call('mushin_receptionist', 'POST', '/api/shipment/', shipmentBody([first.id, second.id]))).statusCode).toBe(403);
    const made = await call('mushin_supervisor', 'POST', '/api/shipment/', shipmentBody([first.id, second.id]));
    expect(made.statusCode, made.body).toBe(201);
    const body = made.json();
    shipment = body.id;
    expect(body.number).toMatch(/^SH-\d{4}-\d{4}$/);
    expect(body.status).toBe(0);
    expect(body.samples_count).toBe(2);
    expect(body.samples.map((s: { state: string }) => s.state)).toEqual(['in_transit', 'in_transit']);
    expect((await sampleRow(first.id)).status).toBe(13);
    const again = await call('mushin_supervisor', 'POST', '/api/shipment/', shipmentBody([first.id]));
    expect(again.statusCode, again.body).toBe(409);
    expect(again.json().detail).toContain('already in a shipment');
  });

  it('refuses bad input by field', async () => {
    const sample = await collected();
    const cases: [object, string][] = [
      [{ ...shipmentBody([sample.id]), storage_temperature: 'warm' }, 'storage_temperature'],
      [{ ...shipmentBody([sample.id]), samples: [] }, 'samples'],
      [{ ...shipmentBody([sample.id]), receiving_facility: 999_999 }, 'receiving_facility'],
      [{ ...shipmentBody([sample.id]), pickup_date: '26/11/2026' }, 'pickup_date'],
      [{ ...shipmentBody([sample.id]), rider_phone: 'call me' }, 'rider_phone'],
      [{ ...shipmentBody([sample.id]), packed_by: '' }, 'packed_by'],
      [{ ...shipmentBody([999_999]) }, 'samples'],
    ];
    for (const [payload, field] of cases) {
      const res = await call('mushin_supervisor', 'POST', '/api/shipment/', payload);
      expect(res.statusCode, `${field}: ${res.body}`).toBe(400);
      expect(Object.keys(res.json()), field).toContain(field);
    }
  });

  it('prints its manifest for either laboratory: each barcode and the chain of custody', async () => {
    for (const who of ['mushin_supervisor', 'ph_receptionist']) {
      const res = await call(who, 'GET', `/api/shipment/${shipment}/manifest.pdf`);
      expect(res.statusCode, who).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
      if (process.env.MANIFEST_SHOT) (await import('node:fs')).writeFileSync(process.env.MANIFEST_SHOT, res.rawPayload);
    }
    expect((await call('kano_supervisor', 'GET', `/api/shipment/${shipment}/manifest.pdf`)).statusCode).toBe(404);
  });

  it('is seen by its two laboratories only', async () => {
    expect((await call('mushin_supervisor', 'GET', `/api/shipment/${shipment}/`)).statusCode).toBe(200);
    expect((await call('ph_receptionist', 'GET', `/api/shipment/${shipment}/`)).statusCode).toBe(200);
    const incoming = (await call('ph_receptionist', 'GET', '/api/shipment/?direction=incoming')).json();
    expect(incoming.results.map((s: { id: number }) => s.id)).toContain(shipment);
    for (const outsider of ['kano_supervisor', 'clin_supervisor'])
      expect((await call(outsider, 'GET', `/api/shipment/${shipment}/`)).statusCode, outsider).toBe(404);
    for (const none of ['superadmin', 'fed_tier', 'lagos_tier']) expect((await call(none, 'GET', `/api/shipment/${shipment}/`)).statusCode, none).toBe(403);
    expect((await call('kano_supervisor', 'GET', '/api/shipment/?direction=incoming')).json().results).toEqual([]);
  });

  it('moves by its sides: the sender notifies and dispatches, the testing laboratory may not', async () => {
    expect((await call('ph_supervisor', 'POST', `/api/shipment/${shipment}/dispatch/`, {})).statusCode).toBe(403);
    expect((await call('mushin_receptionist', 'POST', `/api/shipment/${shipment}/dispatch/`, {})).statusCode).toBe(403);
    expect((await call('mushin_supervisor', 'POST', `/api/shipment/${shipment}/notify_courier/`, {})).statusCode).toBe(200);
    const sent = await call('mushin_supervisor', 'POST', `/api/shipment/${shipment}/dispatch/`, {});
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().status).toBe(3);
    expect(sent.json().history.map((h: { to_status: number }) => h.to_status)).toEqual([0, 2, 3]);
    expect((await call('mushin_supervisor', 'POST', `/api/shipment/${shipment}/cancel/`, { reason: 'x' })).statusCode).toBe(409);
  });

  it('is received once: two receptions at the same time, one wins; a rejected sample needs its reason', async () => {
    const noReason = await call('ph_receptionist', 'POST', `/api/shipment/${shipment}/receive/`, {
      samples: [{ id: first.id, accept: false }],
    });
    expect(noReason.statusCode).toBe(400);
    expect(Object.keys(noReason.json())).toContain('samples.0.rejection_reason');
    const body = {
      temperature: 7,
      samples: [
        { id: first.id, condition: 'good', accept: true },
        { id: second.id, condition: 'leaking', accept: false, rejection_reason: reason },
        { id: 424_242, accept: true },
      ],
    };
    const [a, b] = await Promise.all([
      call('ph_receptionist', 'POST', `/api/shipment/${shipment}/receive/`, body),
      call('ph_supervisor', 'POST', `/api/shipment/${shipment}/receive/`, body),
    ]);
    expect([a.statusCode, b.statusCode].sort(), `${a.body} ${b.body}`).toEqual([200, 409]);
    const won = (a.statusCode === 200 ? a : b).json();
    expect(won.status).toBe(5);
    expect(won.unexpected).toEqual([424_242]);
    expect(won.missing).toEqual([]);
    expect(won.samples.find((s: { id: number }) => s.id === second.id)).toMatchObject({ state: 'rejected', condition: 'leaking' });
    // Custody moved with the samples; the accepted one went through the usual reception.
    expect(await sampleRow(first.id)).toMatchObject({ status: 3, facility_id: yaba });
    expect(await sampleRow(second.id)).toMatchObject({ status: 4, facility_id: yaba });
    expect((await sampleRow(first.id)).referred_from_facility_id).not.toBeNull();
    const audit = rowsOf<{ action: string }>(
      await db().execute(sql`select action from audit_events where entity = 'sample' and entity_id = ${String(first.id)} order by id`),
    ).map((r) => r.action);
    expect(audit).toEqual(expect.arrayContaining(['sample.dispatch', 'sample.receive', 'sample.accept']));
  });

  it('is tested at Yaba like its own, and Mushin reads the rejection and, once approved, the result', async () => {
    // Yaba's lists hold the referred sample; Mushin's no longer do.
    const yabaList = (await call('ph_supervisor', 'GET', `/api/tb_sample/?search=${first.barcode}`)).json();
    expect(yabaList.results.map((s: { id: number }) => s.id)).toContain(first.id);
    expect((await call('mushin_supervisor', 'GET', `/api/tb_sample/${first.id}/`)).statusCode).toBe(404);
    const detail = (await call('ph_supervisor', 'GET', `/api/tb_sample/${first.id}/`)).json();
    const ids = await tb.enterAll(detail);
    for (const id of ids) expect((await call('ph_supervisor', 'POST', `/api/results/${id}/verify/`)).statusCode).toBe(200);
    for (const id of ids) {
      const approved = await call('ph_supervisor', 'POST', `/api/results/${id}/approve/`, { password: 'Demo@12345' });
      expect(approved.statusCode, approved.body).toBe(200);
    }
    const referred = await call('mushin_supervisor', 'GET', '/api/referred_sample/');
    expect(referred.statusCode, referred.body).toBe(200);
    const rows = referred.json().results as { id: number; rejection_reason: string | null; results: { value: string }[]; testing_facility_name: string }[];
    expect(rows.find((r) => r.id === second.id)?.rejection_reason).toBeTruthy();
    const tested = rows.find((r) => r.id === first.id)!;
    expect(tested.testing_facility_name).toContain('Yaba');
    expect(tested.results.map((r) => r.value)).toContain('MTB DETECTED MEDIUM');
    // Mushin prints the report: Yaba's, naming Mushin as the referring facility.
    const report = await call('mushin_supervisor', 'GET', `/api/referred_sample/${first.id}/report/`);
    expect(report.statusCode, report.body).toBe(200);
    expect(report.headers['content-type']).toBe('application/pdf');
    if (process.env.REPORT_SHOT) (await import('node:fs')).writeFileSync(process.env.REPORT_SHOT, report.rawPayload);
    expect((await call('mushin_supervisor', 'GET', `/api/referred_sample/${second.id}/report/`)).statusCode).toBe(409);
    expect((await call('kano_supervisor', 'GET', `/api/referred_sample/${first.id}/report/`)).statusCode).toBe(404);
    expect((await call('ph_supervisor', 'GET', `/api/referred_sample/${first.id}/report/`)).statusCode).toBe(404);
    // Nobody else reads them.
    expect((await call('ph_supervisor', 'GET', '/api/referred_sample/')).json().results.map((r: { id: number }) => r.id)).not.toContain(first.id);
    expect((await call('superadmin', 'GET', '/api/referred_sample/')).statusCode).toBe(403);
    expect((await call('lagos_tier', 'GET', '/api/referred_sample/')).statusCode).toBe(403);
  });
});

describe('the referral dashboard', () => {
  it('gives facility staff both directions, officials their area, with the overdue shipments and the legs', async () => {
    const mushin = await call('mushin_supervisor', 'GET', '/api/referral_dashboard/');
    expect(mushin.statusCode, mushin.body).toBe(200);
    const m = mushin.json();
    expect(m.area.level).toBe('facility');
    expect(m.shipments.outgoing).toBeGreaterThanOrEqual(3);
    expect(m.shipments.incoming).toBe(0);
    // the demo's shipment dispatched four days ago on a 48-hour network
    expect(m.shipments.overdue).toBeGreaterThanOrEqual(1);
    expect(m.samples.received).toBeGreaterThanOrEqual(3);
    expect(m.legs.dispatch_to_delivery).toEqual(expect.any(Number));
    expect(m.legs.collection_to_result).toEqual(expect.any(Number));
    const yabaView = (await call('ph_supervisor', 'GET', '/api/referral_dashboard/')).json();
    expect(yabaView.shipments.incoming).toBe(m.shipments.outgoing);
    const lagos = (await call('lagos_tier', 'GET', '/api/referral_dashboard/')).json();
    expect(lagos.area.level).toBe('state');
    expect(lagos.shipments.total).toBe(m.shipments.outgoing);
    expect(lagos.shipments.outgoing).toBeNull();
    expect(lagos.by_laboratory[0].facility).toBe(yaba);
    expect((await call('ikeja_tier', 'GET', '/api/referral_dashboard/')).json().shipments.total).toBe(0);
    expect((await call('kano_supervisor', 'GET', '/api/referral_dashboard/')).json().shipments.total).toBe(0);
    expect((await call('ikeja_tier', 'GET', `/api/referral_dashboard/?facility=${yaba}`)).statusCode).toBe(403);
  });
});

describe('a reception of several samples', () => {
  it('rejects each with its own reason and condition, in one reception', async () => {
    const samples = [await collected(), await collected(), await collected()];
    const made = (await call('mushin_supervisor', 'POST', '/api/shipment/', shipmentBody(samples.map((x) => x.id)))).json();
    expect((await call('mushin_supervisor', 'POST', `/api/shipment/${made.id}/dispatch/`, {})).statusCode).toBe(200);
    const reasons = (await call('superadmin', 'GET', '/api/rejection_reason/')).json().map((r: { id: number }) => r.id);
    const res = await call('ph_receptionist', 'POST', `/api/shipment/${made.id}/receive/`, {
      samples: [
        { id: samples[0]!.id, accept: true },
        { id: samples[1]!.id, accept: false, condition: 'leaking', rejection_reason: reasons[0] },
        { id: samples[2]!.id, accept: false, condition: 'broken', rejection_reason: reasons[1] },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const rows = rowsOf<{ id: number; status: number; rejection_reason_id: number | null; condition: string }>(
      await db().execute(sql`select s.id, s.status, s.rejection_reason_id, x.condition from samples s join shipment_samples x on x.sample_id = s.id
                             where x.shipment_id = ${made.id} order by s.id`),
    );
    expect(rows.map((r) => [r.status, r.rejection_reason_id, r.condition])).toEqual([
      [3, null, 'good'],
      [4, reasons[0], 'leaking'],
      [4, reasons[1], 'broken'],
    ]);
  });
});

describe('a cancelled shipment', () => {
  it('returns its samples to the sending facility as they were, and frees them for another shipment', async () => {
    const sample = await collected();
    const made = (await call('mushin_supervisor', 'POST', '/api/shipment/', shipmentBody([sample.id]))).json();
    expect((await call('mushin_supervisor', 'POST', `/api/shipment/${made.id}/cancel/`, {})).statusCode).toBe(400);
    const cancelled = await call('mushin_supervisor', 'POST', `/api/shipment/${made.id}/cancel/`, { reason: 'Courier did not come' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().samples[0].state).toBe('returned');
    expect((await sampleRow(sample.id)).status).toBe(2);
    expect((await call('mushin_supervisor', 'POST', '/api/shipment/', shipmentBody([sample.id]))).statusCode).toBe(201);
  });

  it('two shipments of one sample at the same time: one is made', async () => {
    const sample = await collected();
    const [a, b] = await Promise.all([
      call('mushin_supervisor', 'POST', '/api/shipment/', shipmentBody([sample.id])),
      call('mushin_supervisor', 'POST', '/api/shipment/', shipmentBody([sample.id])),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 409]);
  });
});

/** Every time of the API: ISO 8601 in UTC, to the millisecond. */
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const HOUR = 3_600_000;
/** A moment as a form gives it: Lagos wall-clock time to the minute, with its offset. */
const toTheMinute = (ms: number) => `${new Date(Math.floor(ms / 60_000) * 60_000 + HOUR).toISOString().slice(0, 16)}:00+01:00`;
const fieldsOf = (res: { json: () => unknown }) => Object.keys(res.json() as object);
/** A shipment of one collected sample, made and dispatched by Mushin now. */
async function dispatched(): Promise<{ id: number; dispatched_at: string; samples: { id: number }[] }> {
  const made = await call('mushin_supervisor', 'POST', '/api/shipment/', shipmentBody([(await collected()).id]));
  expect(made.statusCode, made.body).toBe(201);
  const sent = await call('mushin_supervisor', 'POST', `/api/shipment/${made.json().id}/dispatch/`, {});
  expect(sent.statusCode, sent.body).toBe(200);
  return sent.json();
}

describe("a shipment's times", () => {
  it('a pick-up before the last move (or its samples’ collection), or in the future, is a 400 naming the field', async () => {
    const sample = await collected();
    const made = await call('mushin_supervisor', 'POST', '/api/shipment/', shipmentBody([sample.id]));
    expect(made.statusCode, made.body).toBe(201);
    const id = made.json().id as number;
    const createdAt = Date.parse(made.json().created_at);
    const cases: [string, object][] = [
      ['two days before it was made', { at: new Date(createdAt - 2 * 24 * HOUR).toISOString() }],
      ['a minute before it was made', { at: new Date(createdAt - 61_000).toISOString() }],
      ['tomorrow', { at: new Date(Date.now() + 24 * HOUR).toISOString() }],
    ];
    for (const [what, body] of cases) {
      const res = await call('mushin_supervisor', 'POST', `/api/shipment/${id}/dispatch/`, body);
      expect(res.statusCode, `${what}: ${res.body}`).toBe(400);
      expect(fieldsOf(res), what).toEqual(['at']);
    }
    // A move that is recorded when it is made takes no time.
    const notified = await call('mushin_supervisor', 'POST', `/api/shipment/${id}/notify_courier/`, { at: new Date().toISOString() });
    expect(notified.statusCode, notified.body).toBe(400);
    expect(fieldsOf(notified)).toEqual(['at']);
    const sent = await call('mushin_supervisor', 'POST', `/api/shipment/${id}/dispatch/`, { at: new Date().toISOString() });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(Date.parse(sent.json().dispatched_at)).toBeGreaterThanOrEqual(createdAt);
  });

  it('an arrival before it left (days or weeks before), or in the future, is a 400 naming received_at; nothing is received', async () => {
    const sent = await dispatched();
    const shipment = sent.id;
    const left = Date.parse(sent.dispatched_at);
    const cases: [string, string][] = [
      ['two days before it left', new Date(left - 2 * 24 * HOUR).toISOString()],
      ['three weeks before it left', new Date(left - 21 * 24 * HOUR).toISOString()],
      ['seconds before it left', new Date(left - 5_000).toISOString()],
      ['a minute before it left, to the minute', toTheMinute(left - 60_000)],
      ['in an hour', new Date(Date.now() + HOUR).toISOString()],
    ];
    const sample = sent.samples[0]!;
    for (const [what, received_at] of cases) {
      const res = await call('ph_receptionist', 'POST', `/api/shipment/${shipment}/receive/`, { received_at, samples: [{ id: sample.id, accept: true }] });
      expect(res.statusCode, `${what}: ${res.body}`).toBe(400);
      expect(fieldsOf(res), what).toEqual(['received_at']);
    }
    const still = (await call('ph_receptionist', 'GET', `/api/shipment/${shipment}/`)).json();
    expect(still).toMatchObject({ status: 3, delivered_at: null, received_at: null });
    // A delivery before the pick-up is refused the same way.
    const delivered = await call('ph_receptionist', 'POST', `/api/shipment/${shipment}/deliver/`, { at: new Date(left - 2 * 24 * HOUR).toISOString() });
    expect(delivered.statusCode, delivered.body).toBe(400);
    expect(fieldsOf(delivered)).toEqual(['at']);
  });

  it('a reception given to the minute, in the minute of the delivery, is at the delivery: every leg is a number, never null', async () => {
    const shipment = (await dispatched()).id;
    const delivered = await call('ph_receptionist', 'POST', `/api/shipment/${shipment}/deliver/`, {});
    expect(delivered.statusCode, delivered.body).toBe(200);
    const deliveredAt = delivered.json().delivered_at as string;
    const sample = delivered.json().samples[0];
    const res = await call('ph_receptionist', 'POST', `/api/shipment/${shipment}/receive/`, {
      received_at: toTheMinute(Date.parse(deliveredAt)),
      samples: [{ id: sample.id, accept: true }],
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.delivered_at).toBe(deliveredAt);
    expect(body.received_at).toBe(deliveredAt);
    expect(body.legs.delivery_to_reception).toBe(0);
    expect(body.legs.dispatch_to_delivery).toEqual(expect.any(Number));
    expect(body.legs.collection_to_dispatch).toEqual(expect.any(Number));
    // The history reads in the order the moves happened.
    const times = (body.history as { at: string }[]).map((h) => Date.parse(h.at));
    expect(times).toEqual([...times].sort((a, b) => a - b));
  });

  it('every time in the reply is ISO 8601, the history’s too', async () => {
    const sent = await dispatched();
    expect((await call('ph_receptionist', 'POST', `/api/shipment/${sent.id}/deliver/`, {})).statusCode).toBe(200);
    const received = await call('ph_receptionist', 'POST', `/api/shipment/${sent.id}/receive/`, { samples: [{ id: sent.samples[0]!.id, accept: true }] });
    expect(received.statusCode, received.body).toBe(200);
    const body = (await call('ph_receptionist', 'GET', `/api/shipment/${sent.id}/`)).json();
    const times = [
      body.created_at,
      body.dispatched_at,
      body.delivered_at,
      body.received_at,
      body.due_at,
      ...body.samples.map((s: { collected_at: string }) => s.collected_at),
      ...body.history.map((h: { at: string }) => h.at),
    ];
    expect(body.history.length).toBeGreaterThanOrEqual(4);
    for (const time of times) expect(time).toMatch(ISO);
    const listed = (await call('ph_receptionist', 'GET', '/api/shipment/?direction=incoming')).json().results.find((s: { id: number }) => s.id === sent.id);
    for (const key of ['created_at', 'dispatched_at', 'delivered_at', 'received_at', 'due_at']) expect(listed[key], key).toMatch(ISO);
  });
});

describe('a shipment rejected at the door', () => {
  it('needs the rejection reason its samples carry; the referring facility reads them among its referred samples, with the reason, who and when', async () => {
    const samples = [await collected(), await collected()];
    const made = (await call('mushin_supervisor', 'POST', '/api/shipment/', shipmentBody(samples.map((s) => s.id)))).json();
    expect((await call('mushin_supervisor', 'POST', `/api/shipment/${made.id}/dispatch/`, {})).statusCode).toBe(200);
    const cold = (await call('superadmin', 'GET', '/api/rejection_reason/')).json().find((r: { code: string }) => r.code === 'COLD');
    const note = 'Cool box at 31 °C on arrival';
    const rejected = await call('ph_receptionist', 'POST', `/api/shipment/${made.id}/reject/`, { reason: note, rejection_reason: cold.id });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json().status).toBe(6);
    // The samples stay Mushin's, REJECTED, with their reason.
    for (const s of samples) {
      const row = rowsOf<{ status: number; facility_id: number; rejection_reason_id: number | null }>(
        await db().execute(sql`select status, facility_id, rejection_reason_id from samples where id = ${s.id}`),
      )[0]!;
      expect(row).toMatchObject({ status: 4, rejection_reason_id: cold.id });
      expect(row.facility_id).not.toBe(yaba);
    }
    const [receptionist] = rowsOf<{ name: string }>(
      await db().execute(sql`select first_name || ' ' || last_name as name from users where username = 'ph_receptionist'`),
    );
    const referred = await call('mushin_supervisor', 'GET', '/api/referred_sample/?page_size=100');
    expect(referred.statusCode, referred.body).toBe(200);
    const rows = referred.json().results as Record<string, unknown>[];
    for (const s of samples) {
      const row = rows.find((r) => r.id === s.id);
      expect(row, s.barcode).toMatchObject({
        status: 4,
        shipment: made.id,
        shipment_number: made.number,
        rejection_reason: `${cold.reason}: ${note}`,
        rejected_by: receptionist!.name.trim(),
        results: [],
      });
      expect(row!.testing_facility_name).toContain('Yaba');
      expect(row!.rejected_at).toMatch(ISO);
    }
    // A sample rejected at reception carries who and when as well.
    const atReception = rows.find((r) => r.rejection_reason && r.shipment !== made.id && r.status === 4);
    expect(atReception?.rejected_by).toBeTruthy();
    expect(atReception?.rejected_at).toMatch(ISO);
    // The testing laboratory does not list them: they were never its own.
    const yabaList = (await call('ph_supervisor', 'GET', '/api/referred_sample/?page_size=100')).json().results.map((r: { id: number }) => r.id);
    for (const s of samples) expect(yabaList).not.toContain(s.id);
  });

  it('is refused without a rejection reason of the list, naming the field', async () => {
    const sent = await dispatched();
    const noCode = await call('ph_receptionist', 'POST', `/api/shipment/${sent.id}/reject/`, { reason: 'Box crushed' });
    expect(noCode.statusCode, noCode.body).toBe(400);
    expect(fieldsOf(noCode)).toEqual(['rejection_reason']);
    const unknown = await call('ph_receptionist', 'POST', `/api/shipment/${sent.id}/reject/`, { reason: 'Box crushed', rejection_reason: 999_999 });
    expect(unknown.statusCode, unknown.body).toBe(400);
    expect(fieldsOf(unknown)).toEqual(['rejection_reason']);
    // Only a rejection takes one.
    const delivered = await call('ph_receptionist', 'POST', `/api/shipment/${sent.id}/deliver/`, { rejection_reason: reason });
    expect(delivered.statusCode, delivered.body).toBe(400);
    expect((await call('ph_receptionist', 'GET', `/api/shipment/${sent.id}/`)).json().status).toBe(3);
  });
});

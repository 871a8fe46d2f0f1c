import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../core/db.js';
import { hashPassword } from '../modules/users/users.service.js';
import { form, PNG, withOwnDataDir } from '../modules/files/files.test-helpers.js';
import { m2000Row, writeM2000Log } from '../modules/worksheets/files/m2000-log.js';
import { seedUser } from '../seed/builders.js';
import { DEMO_PASSWORD } from '../seed/demo.js';
import { bearer, createTestApp } from './harness.js';
import { programmeSteps, seedElsewhere, TUBERCULOSIS, VIRAL_LOAD } from './programmes.js';

/**
 * The authorisation matrix's "programme membership" column (DESIGN §3): whoever may not read a programme's samples
 * does not learn from any other door that a client has a sample in it. For every operation outside the sample's
 * own routes that returns or acts on something tied to a sample — attachments, non-conformity reports, shipments
 * and referred samples, worksheets, the stock card, the instruments' queue, invoices and the notifications outbox —
 * a user of the same facility holding no role in the sample's programme gets no row, no count that reveals it and
 * no write, and no reply of theirs names the sample's lab number or its client.
 *
 * The samples are the Yaba laboratory's viral-load samples (a collected, a rejected and a received one). The
 * outsiders are Yaba staff: users made here holding Tuberculosis roles only, and the `yaba_ph_*` users of
 * `seedElsewhere` holding only the other public-health programmes. Each row also calls a member (the demo's Yaba
 * staff, or an administrator who reads viral load) and checks that the row is there for them, so no row passes by
 * finding nothing at all.
 */

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
// biome-ignore lint/suspicious/noExplicitAny: replies of every door are walked freely in the rows' checks
type Reply = { status: number; body: string; json: () => any };

let t: Awaited<ReturnType<typeof build>>;
const build = () => withOwnDataDir(() => createTestApp());
const vl = programmeSteps(() => t, VIRAL_LOAD);
const tb = programmeSteps(() => t, TUBERCULOSIS);

const call = async (user: string, method: Method, url: string, payload?: object): Promise<Reply> => {
  const res = await t.app.inject({ method, url, headers: bearer(await t.token(user)), ...(payload ? { payload: payload as never } : {}) });
  return { status: res.statusCode, body: res.body, json: () => res.json() };
};
const db = () => t.database.db;
const one = async <T>(query: ReturnType<typeof sql>) => rowsOf<T>(await db().execute(query))[0]!;
const today = () => new Date().toISOString().slice(0, 10);

/** Yaba users holding Tuberculosis roles only (and an administrator who also reads viral load). */
const TB_ONLY = {
  tb_only_supervisor: [['Tuberculosis', 'Supervisor']],
  tb_only_receptionist: [['Tuberculosis', 'Receptionist']],
  tb_only_analyst: [['Tuberculosis', 'Analyst']],
  tb_only_admin: [['Tuberculosis', 'Admin']],
  // An administrator (who keeps the outbox) who also reads viral load: the member of the outbox's row.
  vl_reading_admin: [
    ['Tuberculosis', 'Admin'],
    ['Viral Load', 'Supervisor'],
  ],
} as const;

/** The viral-load samples and what they left in every other door. */
const x = {
  /** A collected VL sample in a shipment with a collected TB one. */
  shipped: { id: 0, barcode: '', client: '' },
  shippedTb: { id: 0, barcode: '' },
  shipment: 0,
  /** A VL sample rejected at reception, named by a non-conformity report. */
  rejected: { id: 0, barcode: '', client: '' },
  report: 0,
  reportFile: 0,
  /** A received VL sample: attachments, an invoice, a queued analyser result, a stock use, an outbox message. */
  received: { id: 0, barcode: '', client: '', testOrder: 0, labNumber: '' },
  attachment: { id: 0, file: 0 },
  invoice: 0,
  machine: 0,
  unmatched: 0,
  message: 0,
  item: 0,
  outbox: { body: '', address: '' },
  /** The lab number of the VL sample whose result used the stock. */
  stockUse: '',
  /** The demo's open viral-load worksheet at Yaba, and a TB template. */
  worksheet: { id: 0, barcode: '' },
  vlTemplate: 0,
  tbTemplate: 0,
  /** The demo's referral from Mushin (a Tuberculosis shipment and a referred sample). */
  mushinShipment: 0,
  referred: { id: 0, barcode: '' },
  /** The referral dashboard's sample counts before the mixed shipment. */
  referredBefore: {} as Record<string, number>,
};

const clientOf = async (sampleId: number) =>
  (
    await one<{ last_name: string }>(
      sql`select c.last_name from samples s join orders o on o.id = s.order_id join clients c on c.id = o.client_id where s.id = ${sampleId}`,
    )
  ).last_name;

/** A VL (or TB) order's first sample, collected: id, barcode and client. */
async function collected(steps: typeof vl) {
  const placed = await steps.order();
  const sample = placed.samples[0]!;
  const res = await call(steps === vl ? VIRAL_LOAD.orderer : TUBERCULOSIS.orderer, 'POST', `${steps.base}/${sample.id}/collect/`, {
    collected_at: new Date().toISOString(),
    sample_type: await steps.sampleTypeId(),
  });
  expect(res.status, res.body).toBe(200);
  return { id: sample.id, barcode: sample.barcode, client: await clientOf(sample.id), labNumber: placed.lab_number, tests: sample.tests };
}

const referralDashboardSamples = async (user: string) => (await call(user, 'GET', '/api/referral_dashboard/')).json().samples.referred as number;

beforeAll(async () => {
  t = await build();
  await seedElsewhere(t);
  const facility = async (name: string) =>
    (await call('superadmin', 'GET', `/api/facilities/?page=1&search=${name}`)).json().results[0] as { id: number; facility_name: string };
  const [yaba, mushin, abuja] = [await facility('Yaba'), await facility('Mushin'), await facility('Abuja')];
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  for (const [username, roles] of Object.entries(TB_ONLY))
    await seedUser(db(), { username, passwordHash, facilityId: yaba.id, roles: roles.map(([program, role]) => [program, role]) });
  // A Mushin user holding no Tuberculosis role: the referring facility's outsider.
  await seedUser(db(), { username: 'mushin_lassa_supervisor', passwordHash, facilityId: mushin.id, roles: [['Lassa Fever', 'Supervisor']] });

  // Referral: a lab network from Yaba (any programme) to the Abuja laboratory, and one shipment of a TB and a VL sample.
  const network = await one<{ id: number }>(
    sql`insert into lab_networks (name, testing_facility_id, expected_hours) values ('Membership referral', ${abuja.id}, 48) returning id`,
  );
  await db().execute(sql`insert into facility_lab_networks (facility_id, lab_network_id) values (${yaba.id}, ${network.id})`);
  for (const user of ['ph_supervisor', 'tb_only_supervisor', 'yaba_ph_supervisor']) x.referredBefore[user] = await referralDashboardSamples(user);
  const shipped = await collected(vl);
  x.shipped = { id: shipped.id, barcode: shipped.barcode, client: shipped.client };
  const shippedTb = await collected(tb);
  x.shippedTb = { id: shippedTb.id, barcode: shippedTb.barcode };
  const shipment = await call('ph_supervisor', 'POST', '/api/shipment/', {
    receiving_facility: abuja.id,
    samples: [shipped.id, shippedTb.id],
    storage_temperature: 'ambient',
    packed_by: 'Membership',
    pickup_date: today(),
  });
  expect(shipment.status, shipment.body).toBe(201);
  x.shipment = shipment.json().id;
  // The demo's Mushin → Yaba referral (Tuberculosis).
  x.mushinShipment = (await call('ph_supervisor', 'GET', '/api/shipment/?direction=incoming')).json().results[0].id;
  const referred = (await call('mushin_supervisor', 'GET', '/api/referred_sample/')).json().results.find((r: { results: unknown[] }) => r.results.length);
  x.referred = { id: referred.id, barcode: referred.barcode };

  // A VL sample rejected at reception, and the report its supervisor drafts from it.
  const rejected = await collected(vl);
  const reject = await call(VIRAL_LOAD.orderer, 'POST', `${vl.base}/${rejected.id}/reject/`, { rejection_reason: 1 });
  expect(reject.status, reject.body).toBe(200);
  x.rejected = { id: rejected.id, barcode: rejected.barcode, client: rejected.client };
  const draft = await call('ph_supervisor', 'GET', `/api/non_conformity_report/draft/?source=sample_rejected&ref=${rejected.id}`);
  expect(draft.status, draft.body).toBe(200);
  const { lab_numbers: _labs, ...body } = draft.json();
  expect(body.title).toContain(rejected.barcode);
  const report = await call('ph_supervisor', 'POST', '/api/non_conformity_report/', body);
  expect(report.status, report.body).toBe(201);
  x.report = report.json().id;
  const reportFile = await call(
    'ph_supervisor',
    'POST',
    '/api/attachments/',
    form([[`${rejected.barcode}.png`, PNG]], { target: 'ncr', id: String(x.report), description: `The tube of ${rejected.barcode}` }),
  );
  expect(reportFile.status, reportFile.body).toBe(201);
  x.reportFile = reportFile.json()[0].file;

  // A received VL sample: its invoice (priced when ordered), an attachment, a queued analyser result, a stock use and a message.
  const vlTest = (await call('ph_admin', 'GET', '/api/consumable_config/tests/')).json().find((o: { code: string }) => o.code === 'VL-HIV');
  const item = await call('ph_admin', 'POST', '/api/consumable_generic/', {
    name: 'Membership VL kit',
    category: 'reagent',
    tests: [{ test_type: vlTest.id, quantity_per_test: 1, automatic: true }],
  });
  expect(item.status, item.body).toBe(201);
  x.item = item.json().id;
  const lot = await call('ph_admin', 'POST', '/api/received_consumable/', {
    item: x.item,
    lot_number: 'MEMBERSHIP-1',
    expiry_date: `${new Date().getFullYear() + 1}-12-31`,
    quantity: 20,
    quantity_in: 'units',
  });
  expect(lot.status, lot.body).toBe(201);
  const { placed, sample } = await vl.received();
  const rna = (await vl.testByCode('VL-HIV-RNA')).id;
  x.received = {
    id: sample.id,
    barcode: sample.barcode,
    client: await clientOf(sample.id),
    testOrder: sample.tests.find((o) => o.test_type === rna)!.id,
    labNumber: placed.lab_number,
  };
  const attached = await call('ph_receptionist', 'POST', '/api/attachments/', form([['request.png', PNG]], { target: 'sample', id: String(sample.id) }));
  expect(attached.status, attached.body).toBe(201);
  x.attachment = { id: attached.json()[0].id, file: attached.json()[0].file };
  x.invoice = (await call('ph_receptionist', 'GET', `/api/invoice/?search=${placed.lab_number}`)).json().results[0].id;
  // An analyser at Yaba running Tuberculosis and viral-load tests sent a VL result it could not place (its sample
  // already had one), and the result of a second VL sample that was entered: the stock's automatic use.
  const mtb = (await tb.testByCode('TB-XPERT-MTB')).id;
  x.machine = (
    await one<{ id: number }>(
      sql`insert into machine_settings (facility_id, name, serial_number, tests, protocol)
          values (${yaba.id}, 'Membership analyser', 'MEMBERSHIP-1', ${JSON.stringify([mtb, rna])}::jsonb, 'hl7') returning id`,
    )
  ).id;
  const raw = `MSH|^~\\&|ANALYSER|LAB|LIS|LAB|20260101120000||ORU^R01|M1|P|2.5\rPID|1||${x.received.barcode}\rOBR|1|${x.received.barcode}|${x.received.barcode}|VL-HIV-RNA\rOBX|1|NM|VL-HIV-RNA||15400|copies/mL`;
  x.message = (
    await one<{ id: number }>(
      sql`insert into instrument_messages (facility_id, machine_id, protocol, direction, kind, status, raw, control_id)
          values (${yaba.id}, ${x.machine}, 'hl7', 'in', 'result', 'queued', ${raw}, 'M1') returning id`,
    )
  ).id;
  x.unmatched = (
    await one<{ id: number }>(
      sql`insert into instrument_unmatched (facility_id, machine_id, message_id, barcode, test_code, value, reason)
          values (${yaba.id}, ${x.machine}, ${x.message}, ${x.received.barcode}, 'VL-HIV-RNA', '15400', 'not-pending') returning id`,
    )
  ).id;
  const { sample: used } = await vl.received();
  await vl.enterAll(used);
  const usedBarcode = used.barcode;
  x.stockUse = usedBarcode;
  const notification = `Membership message ${Math.random().toString(36).slice(2, 8)}: ${usedBarcode} viral load 15,400 copies/mL`;
  x.outbox = { body: notification, address: '+2348031234567' };
  await db().execute(sql`insert into notification_outbox (facility_id, program_id, sample_id, event, recipient_kind, channel, address, body, dedupe_key)
    select ${yaba.id}, p.id, ${used.id}, 'result_ready', 'client', 'sms', ${x.outbox.address}, ${notification}, ${`membership-${used.id}`}
    from programs p where p.name = 'Viral Load'`);

  // Worksheets: the demo's open viral-load worksheet, its template, and a Tuberculosis template made by the TB analyst.
  const open = (await call('ph_analyst', 'GET', '/api/worksheet/?state=open&program=Viral%20Load')).json().results[0];
  const detail = (await call('ph_analyst', 'GET', `/api/worksheet/${open.id}/`)).json();
  x.worksheet = { id: open.id, barcode: detail.positions.find((p: { barcode: string | null }) => p.barcode).barcode };
  x.vlTemplate = detail.template;
  const tbTemplate = await call('tb_only_analyst', 'POST', '/api/worksheet_template/', {
    name: 'Membership Xpert',
    test_type: mtb,
    format: 'genexpert',
    size: 16,
  });
  expect(tbTemplate.status, tbTemplate.body).toBe(201);
  x.tbTemplate = tbTemplate.json().id;
}, 300_000);
afterAll(async () => {
  await t?.close();
  t?.removeDataDir();
});

/**
 * One operation × a member of the sample's programme and the same facility's outsiders. `absent`: texts naming the
 * sample (its lab number, barcode, client, message); none may appear in an outsider's reply, whatever its status.
 */
interface MembershipRow {
  name: string;
  method: Method;
  url: () => string;
  body?: () => object;
  /** A user holding a role in the sample's programme, the status it gets, and what its reply holds. */
  member?: { user: string; status: number; check?: (reply: Reply) => void | Promise<void> };
  /** Users of the same facility holding no role in that programme, the status each gets, and what its reply holds. */
  outsiders: { user: string; status: number; check?: (reply: Reply) => void | Promise<void> }[];
  absent: () => string[];
}

const SUPERVISORS = ['tb_only_supervisor', 'yaba_ph_supervisor'];
const outsiders = (users: readonly string[], status: number, check?: (reply: Reply) => void | Promise<void>) =>
  users.map((user) => ({ user, status, ...(check ? { check } : {}) }));
const results = (reply: Reply) => reply.json().results as Record<string, unknown>[];

const ROWS: MembershipRow[] = [
  // Non-conformity reports: the facility's quality record, read by all its staff, the sample blanked for outsiders.
  {
    name: 'non-conformity reports: the list shows the report, not the sample',
    method: 'GET',
    url: () => '/api/non_conformity_report/?page_size=100',
    member: {
      user: 'ph_supervisor',
      status: 200,
      check: (r) => expect(results(r).find((i) => i.id === x.report)?.lab_numbers).toEqual([x.rejected.barcode]),
    },
    outsiders: outsiders(SUPERVISORS, 200, (r) => {
      const item = results(r).find((i) => i.id === x.report)!;
      expect(item.lab_numbers).toEqual([]);
      expect(item.title).toContain('[not shown]');
    }),
    absent: () => [x.rejected.barcode],
  },
  {
    name: 'non-conformity reports: a search by the lab number finds nothing',
    method: 'GET',
    url: () => `/api/non_conformity_report/?search=${x.rejected.barcode}`,
    member: { user: 'ph_supervisor', status: 200, check: (r) => expect(r.json().count).toBe(1) },
    outsiders: outsiders(SUPERVISORS, 200, (r) => expect(r.json().count).toBe(0)),
    absent: () => [x.rejected.barcode],
  },
  {
    name: 'non-conformity reports: the report naming the sample',
    method: 'GET',
    url: () => `/api/non_conformity_report/${x.report}/`,
    member: {
      user: 'ph_supervisor',
      status: 200,
      check: (r) => {
        expect(r.json().samples.map((s: { id: number }) => s.id)).toEqual([x.rejected.id]);
        expect(r.json().source_ref).toBe(x.rejected.id);
      },
    },
    outsiders: outsiders(SUPERVISORS, 200, (r) => {
      expect(r.json()).toMatchObject({ samples: [], lab_numbers: [], source_ref: null, can: { edit: false } });
      expect(r.json().description).toContain('[not shown]');
    }),
    absent: () => [x.rejected.barcode],
  },
  {
    name: 'non-conformity reports: correcting the text of the report naming the sample',
    method: 'PATCH',
    url: () => `/api/non_conformity_report/${x.report}/`,
    body: () => ({ severity: 'major' }),
    member: { user: 'ph_supervisor', status: 200 },
    outsiders: outsiders(SUPERVISORS, 403),
    absent: () => [x.rejected.barcode],
  },
  {
    name: "non-conformity reports: a draft from the sample's rejection",
    method: 'GET',
    url: () => `/api/non_conformity_report/draft/?source=sample_rejected&ref=${x.rejected.id}`,
    member: { user: 'ph_receptionist', status: 200, check: (r) => expect(r.json().lab_numbers).toEqual([x.rejected.barcode]) },
    outsiders: outsiders([...SUPERVISORS, 'tb_only_receptionist', 'yaba_ph_receptionist'], 400, (r) => expect(r.json()).toHaveProperty('ref')),
    absent: () => [x.rejected.barcode, x.rejected.client],
  },
  {
    name: 'non-conformity reports: a new report naming the sample',
    method: 'POST',
    url: () => '/api/non_conformity_report/',
    body: () => ({ title: 'Label smudged', event_date: today(), description: 'Seen at reception', severity: 'minor', samples: [{ sample: x.rejected.id }] }),
    member: { user: 'ph_receptionist', status: 201 },
    outsiders: outsiders(['tb_only_receptionist', 'yaba_ph_receptionist'], 400, (r) => expect(r.json()).toHaveProperty('samples')),
    absent: () => [x.rejected.barcode],
  },
  {
    name: "non-conformity reports: the report's attachments",
    method: 'GET',
    url: () => `/api/attachments/?target=ncr&id=${x.report}`,
    member: { user: 'ph_supervisor', status: 200, check: (r) => expect(r.json()).toHaveLength(1) },
    outsiders: outsiders(SUPERVISORS, 200, (r) => expect(r.json()).toEqual([])),
    absent: () => [x.rejected.barcode],
  },
  {
    name: "non-conformity reports: an attachment's file",
    method: 'GET',
    url: () => `/api/files/${x.reportFile}/download/`,
    member: { user: 'ph_supervisor', status: 200 },
    outsiders: outsiders(SUPERVISORS, 404),
    absent: () => [x.rejected.barcode],
  },
  {
    name: 'non-conformity reports: attaching a file to the report',
    method: 'POST',
    url: () => '/api/attachments/',
    body: () => form([['note.png', PNG]], { target: 'ncr', id: String(x.report) }),
    member: { user: 'ph_supervisor', status: 201 },
    outsiders: outsiders(SUPERVISORS, 403),
    absent: () => [x.rejected.barcode],
  },

  // Attachments of a sample and its results follow the sample's programme: not there for an outsider.
  {
    name: "attachments: the sample's",
    method: 'GET',
    url: () => `/api/attachments/?target=sample&id=${x.received.id}`,
    member: { user: 'ph_data_analyst', status: 200, check: (r) => expect(r.json()).toHaveLength(1) },
    outsiders: outsiders([...SUPERVISORS, 'tb_only_receptionist', 'tb_only_admin'], 404),
    absent: () => [x.received.barcode],
  },
  {
    name: "attachments: a result's",
    method: 'GET',
    url: () => `/api/attachments/?target=result&id=${x.received.testOrder}`,
    member: { user: 'ph_data_analyst', status: 200 },
    outsiders: outsiders(SUPERVISORS, 404),
    absent: () => [x.received.barcode],
  },
  {
    name: 'attachments: adding one to the sample',
    method: 'POST',
    url: () => '/api/attachments/',
    body: () => form([['photo.png', PNG]], { target: 'sample', id: String(x.received.id) }),
    member: { user: 'ph_receptionist', status: 201 },
    outsiders: outsiders(['tb_only_receptionist', 'yaba_ph_receptionist', 'tb_only_supervisor'], 404),
    absent: () => [x.received.barcode],
  },
  {
    name: "attachments: the file's details",
    method: 'GET',
    url: () => `/api/files/${x.attachment.file}/`,
    member: { user: 'ph_data_analyst', status: 200 },
    outsiders: outsiders(SUPERVISORS, 404),
    absent: () => [x.received.barcode],
  },
  {
    name: "attachments: the file's download",
    method: 'GET',
    url: () => `/api/files/${x.attachment.file}/download/`,
    member: { user: 'ph_data_analyst', status: 200 },
    outsiders: outsiders(SUPERVISORS, 404),
    absent: () => [x.received.barcode],
  },
  {
    name: 'attachments: changing one',
    method: 'PATCH',
    url: () => `/api/attachments/${x.attachment.id}/`,
    body: () => ({ description: 'Request form' }),
    member: { user: 'ph_receptionist', status: 200 },
    outsiders: outsiders(['tb_only_receptionist', 'yaba_ph_receptionist'], 404),
    absent: () => [x.received.barcode],
  },
  {
    name: 'attachments: removing one',
    method: 'DELETE',
    url: () => `/api/attachments/${x.attachment.id}/`,
    outsiders: outsiders(['tb_only_receptionist', 'yaba_ph_receptionist'], 404),
    absent: () => [x.received.barcode],
  },

  // Shipments carrying a TB and a VL sample: the TB-only staff see the shipment and their sample, never the VL one.
  {
    name: 'shipments: the list counts only the samples the caller reads',
    method: 'GET',
    url: () => '/api/shipment/?direction=outgoing',
    member: { user: 'ph_supervisor', status: 200, check: (r) => expect(results(r).find((s) => s.id === x.shipment)?.samples_count).toBe(2) },
    outsiders: [
      { user: 'tb_only_supervisor', status: 200, check: (r) => expect(results(r).find((s) => s.id === x.shipment)?.samples_count).toBe(1) },
      { user: 'yaba_ph_supervisor', status: 200, check: (r) => expect(results(r).some((s) => s.id === x.shipment)).toBe(false) },
    ],
    absent: () => [x.shipped.barcode, x.shipped.client],
  },
  {
    name: 'shipments: the shipment',
    method: 'GET',
    url: () => `/api/shipment/${x.shipment}/`,
    member: {
      user: 'ph_supervisor',
      status: 200,
      check: (r) =>
        expect(
          r
            .json()
            .samples.map((s: { id: number }) => s.id)
            .sort(),
        ).toEqual([x.shipped.id, x.shippedTb.id].sort()),
    },
    outsiders: [
      {
        user: 'tb_only_supervisor',
        status: 200,
        check: (r) => expect(r.json()).toMatchObject({ samples_count: 1, samples: [{ id: x.shippedTb.id, barcode: x.shippedTb.barcode }] }),
      },
      { user: 'yaba_ph_supervisor', status: 404 },
    ],
    absent: () => [x.shipped.barcode, x.shipped.client],
  },
  {
    name: "shipments: the shipment's manifest",
    method: 'GET',
    url: () => `/api/shipment/${x.shipment}/manifest.pdf`,
    member: { user: 'ph_supervisor', status: 200 },
    outsiders: [
      { user: 'tb_only_supervisor', status: 200 },
      { user: 'yaba_ph_supervisor', status: 404 },
    ],
    absent: () => [x.shipped.barcode, x.shipped.client],
  },
  {
    name: 'shipments: moving it takes a role in each of its programmes',
    method: 'POST',
    url: () => `/api/shipment/${x.shipment}/notify_facility/`,
    body: () => ({}),
    outsiders: [
      { user: 'tb_only_supervisor', status: 403, check: (r) => expect(r.body).not.toContain('Viral Load') },
      { user: 'yaba_ph_supervisor', status: 404 },
    ],
    absent: () => [x.shipped.barcode, x.shipped.client],
  },
  {
    name: 'shipments: a new one of the sample',
    method: 'POST',
    url: () => '/api/shipment/',
    body: () => ({ receiving_facility: 1, samples: [x.rejected.id], storage_temperature: 'ambient', packed_by: 'X', pickup_date: today() }),
    outsiders: outsiders(SUPERVISORS, 400, (r) => expect(r.json()).toHaveProperty('samples')),
    absent: () => [x.rejected.barcode, 'Viral Load'],
  },
  {
    name: 'shipments: the referral dashboard counts only the samples the caller reads',
    method: 'GET',
    url: () => '/api/referral_dashboard/',
    member: { user: 'ph_supervisor', status: 200, check: (r) => expect(r.json().samples.referred).toBe(x.referredBefore.ph_supervisor! + 2) },
    outsiders: [
      { user: 'tb_only_supervisor', status: 200, check: (r) => expect(r.json().samples.referred).toBe(x.referredBefore.tb_only_supervisor! + 1) },
      { user: 'yaba_ph_supervisor', status: 200, check: (r) => expect(r.json().samples.referred).toBe(x.referredBefore.yaba_ph_supervisor!) },
    ],
    absent: () => [x.shipped.barcode],
  },
  {
    name: "shipments: the demo's incoming Tuberculosis shipment",
    method: 'GET',
    url: () => `/api/shipment/${x.mushinShipment}/`,
    member: { user: 'tb_only_supervisor', status: 200 },
    outsiders: outsiders(['yaba_ph_supervisor'], 404),
    absent: () => [x.referred.barcode],
  },
  {
    name: 'referred samples: the referring facility lists them for its staff in their programme',
    method: 'GET',
    url: () => '/api/referred_sample/',
    member: { user: 'mushin_supervisor', status: 200, check: (r) => expect(r.json().count).toBeGreaterThan(0) },
    outsiders: outsiders(['mushin_lassa_supervisor'], 200, (r) => expect(r.json().count).toBe(0)),
    absent: () => [x.referred.barcode],
  },
  {
    name: "referred samples: a referred sample's report",
    method: 'GET',
    url: () => `/api/referred_sample/${x.referred.id}/report/`,
    member: { user: 'mushin_supervisor', status: 200 },
    outsiders: outsiders(['mushin_lassa_supervisor'], 404),
    absent: () => [x.referred.barcode],
  },

  // Worksheets: a viral-load worksheet is not there for another programme's analysts.
  {
    name: 'worksheets: a search by a barcode on the worksheet',
    method: 'GET',
    url: () => `/api/worksheet/?state=open&search=${x.worksheet.barcode}`,
    member: { user: 'ph_analyst', status: 200, check: (r) => expect(r.json().count).toBe(1) },
    outsiders: outsiders(['tb_only_analyst', 'yaba_ph_analyst'], 200, (r) => expect(r.json().count).toBe(0)),
    absent: () => [x.worksheet.barcode],
  },
  ...(['', 'plate.pdf', 'worklist/'] as const).map(
    (part): MembershipRow => ({
      name: `worksheets: the worksheet${part ? ` (${part.replace('/', '')})` : ''}`,
      method: 'GET',
      url: () => `/api/worksheet/${x.worksheet.id}/${part}`,
      member: { user: 'ph_analyst', status: 200 },
      outsiders: outsiders(['tb_only_analyst', 'yaba_ph_analyst', 'tb_only_supervisor'], 404),
      absent: () => [x.worksheet.barcode],
    }),
  ),
  {
    name: "worksheets: previewing the worksheet's results file",
    method: 'POST',
    url: () => `/api/worksheet/${x.worksheet.id}/import/`,
    body: () => ({ file_name: 'run.txt', content: writeM2000Log([m2000Row('A1', 'HIV_NEG', 'Control', 'Not detected')]) }),
    outsiders: outsiders(['tb_only_analyst', 'yaba_ph_analyst'], 404),
    absent: () => [x.worksheet.barcode],
  },
  {
    name: 'worksheets: cancelling the worksheet',
    method: 'POST',
    url: () => `/api/worksheet/${x.worksheet.id}/cancel/`,
    body: () => ({ reason: 'Membership' }),
    outsiders: outsiders(['tb_only_analyst', 'yaba_ph_analyst'], 404),
    absent: () => [x.worksheet.barcode],
  },
  {
    name: 'worksheets: a proposal from the viral-load template',
    method: 'GET',
    url: () => `/api/worksheet/proposal/?template=${x.vlTemplate}`,
    member: { user: 'ph_analyst', status: 200 },
    outsiders: outsiders(['tb_only_analyst', 'yaba_ph_analyst'], 400, (r) => expect(r.json()).toHaveProperty('template')),
    absent: () => [x.received.barcode],
  },
  {
    name: "worksheets: a new worksheet naming the sample's test",
    method: 'POST',
    url: () => '/api/worksheet/',
    body: () => ({ template: x.tbTemplate, positions: [{ well: 'A1', test_order: x.received.testOrder }] }),
    outsiders: outsiders(['tb_only_analyst'], 400, (r) => expect(r.json()).toHaveProperty(['positions.0.test_order'])),
    absent: () => [x.received.barcode],
  },

  // The stock card: a keeper holding no role in viral load sees the use, not the sample.
  {
    name: "the stock card: a use names the sample's lab number only to a keeper holding a role in its programme",
    method: 'GET',
    url: () => `/api/stock_card/?item=${x.item}&page_size=100`,
    // the facility's administrator, Admin in Viral Load among others
    member: {
      user: 'ph_admin',
      status: 200,
      check: (r) => expect(results(r).find((l) => l.kind === 'use')).toMatchObject({ lab_number: x.stockUse }),
    },
    outsiders: outsiders(['tb_only_admin', 'yaba_ph_admin'], 200, (r) =>
      expect(results(r).find((l) => l.kind === 'use')).toMatchObject({ lab_number: null, quantity: -1 }),
    ),
    absent: () => [x.stockUse],
  },
  {
    name: 'the stock card as a file',
    method: 'GET',
    url: () => `/api/stock_card/?item=${x.item}&format=csv`,
    member: { user: 'ph_admin', status: 200, check: (r) => expect(r.body).toContain(x.stockUse) },
    outsiders: outsiders(['tb_only_admin', 'yaba_ph_admin'], 200),
    absent: () => [x.stockUse],
  },

  // The instruments' queue: an analyser running TB and VL tests; its VL rows are not the TB supervisor's.
  {
    name: 'instruments: the unmatched queue',
    method: 'GET',
    url: () => '/api/instrument_unmatched/?status=pending&page_size=100',
    member: { user: 'ph_supervisor', status: 200, check: (r) => expect(results(r).some((u) => u.id === x.unmatched)).toBe(true) },
    outsiders: outsiders(SUPERVISORS, 200, (r) => expect(results(r).some((u) => u.id === x.unmatched)).toBe(false)),
    absent: () => [x.received.barcode],
  },
  {
    name: "instruments: the machines' pending counts",
    method: 'GET',
    url: () => '/api/instrument_machine/',
    member: { user: 'ph_supervisor', status: 200, check: (r) => expect(r.json().find((m: { id: number }) => m.id === x.machine).pending).toBe(1) },
    outsiders: outsiders(['tb_only_supervisor'], 200, (r) => expect(r.json().find((m: { id: number }) => m.id === x.machine).pending).toBe(0)),
    absent: () => [x.received.barcode],
  },
  {
    name: 'instruments: the match candidates of the lab number',
    method: 'GET',
    url: () => `/api/instrument_unmatched/candidates/?barcode=${x.received.barcode}`,
    member: { user: 'ph_supervisor', status: 200, check: (r) => expect(r.json().length).toBeGreaterThan(0) },
    outsiders: outsiders(SUPERVISORS, 200, (r) => expect(r.json()).toEqual([])),
    absent: () => [x.received.barcode],
  },
  {
    name: 'instruments: the message naming the sample',
    method: 'GET',
    url: () => `/api/instrument_message/${x.message}/`,
    member: { user: 'ph_supervisor', status: 200, check: (r) => expect(r.json().raw).toContain(x.received.barcode) },
    outsiders: outsiders(SUPERVISORS, 404),
    absent: () => [x.received.barcode],
  },
  ...(['match', 'discard'] as const).map(
    (action): MembershipRow => ({
      name: `instruments: ${action} the queued result`,
      method: 'POST',
      url: () => `/api/instrument_unmatched/${x.unmatched}/${action}/`,
      body: () => (action === 'match' ? { test_order: x.received.testOrder } : { reason: 'Membership' }),
      outsiders: outsiders(SUPERVISORS, 404),
      absent: () => [x.received.barcode],
    }),
  ),

  // Billing (programme-scoped invoices): a VL invoice is not there for a TB-only cashier.
  {
    name: 'billing: a search of the invoices by the lab number',
    method: 'GET',
    url: () => `/api/invoice/?search=${x.received.labNumber}`,
    member: { user: 'ph_receptionist', status: 200, check: (r) => expect(r.json().count).toBe(1) },
    outsiders: outsiders(['tb_only_receptionist', 'yaba_ph_receptionist'], 200, (r) => expect(r.json().count).toBe(0)),
    absent: () => [x.received.labNumber, x.received.client],
  },
  {
    name: 'billing: the invoices list',
    method: 'GET',
    url: () => '/api/invoice/?page_size=100',
    outsiders: outsiders(['tb_only_receptionist', 'yaba_ph_receptionist'], 200, (r) => expect(results(r).some((i) => i.id === x.invoice)).toBe(false)),
    absent: () => [x.received.labNumber, x.received.client],
  },
  {
    name: 'billing: the invoice',
    method: 'GET',
    url: () => `/api/invoice/${x.invoice}/`,
    member: { user: 'ph_receptionist', status: 200 },
    outsiders: outsiders(['tb_only_receptionist', 'yaba_ph_receptionist', 'tb_only_supervisor'], 404),
    absent: () => [x.received.labNumber, x.received.client],
  },
  {
    name: 'billing: a payment on the invoice',
    method: 'POST',
    url: () => `/api/invoice/${x.invoice}/payment/`,
    body: () => ({ method: 'cash', amount_kobo: 100 }),
    outsiders: outsiders(['tb_only_receptionist', 'yaba_ph_receptionist'], 404),
    absent: () => [x.received.labNumber, x.received.client],
  },

  // The notifications outbox: the message's body and its full recipient only for those who read the sample's results.
  {
    name: "notifications: the outbox's message about the sample",
    method: 'GET',
    url: () => '/api/notifications/outbox/?page_size=100',
    member: { user: 'vl_reading_admin', status: 200, check: (r) => expect(r.body).toContain(x.outbox.body) },
    outsiders: outsiders(['tb_only_admin', 'yaba_ph_admin'], 200),
    absent: () => [x.outbox.body, x.outbox.address],
  },
];

describe('authorisation matrix: programme membership', () => {
  for (const row of ROWS) {
    it(row.name, async () => {
      const body = row.body?.();
      const seen: Record<string, number> = {};
      const wanted: Record<string, number> = {};
      if (row.member) {
        const reply = await call(row.member.user, row.method, row.url(), body);
        seen[row.member.user] = reply.status;
        wanted[row.member.user] = row.member.status;
        if (reply.status === row.member.status) await row.member.check?.(reply);
      }
      for (const outsider of row.outsiders) {
        const reply = await call(outsider.user, row.method, row.url(), row.body?.());
        seen[outsider.user] = reply.status;
        wanted[outsider.user] = outsider.status;
        for (const text of row.absent()) expect(reply.body, `${outsider.user}: ${text}`).not.toContain(text);
        if (reply.status === outsider.status) await outsider.check?.(reply);
      }
      expect(seen).toEqual(wanted);
    });
  }
});

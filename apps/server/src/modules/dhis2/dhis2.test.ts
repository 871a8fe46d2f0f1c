import { randomBytes } from 'node:crypto';
import type { lookup } from 'node:dns';
import { createServer } from 'node:net';
import {
  DHIS2_CSV_COLUMNS,
  DHIS2_UID,
  dhis2Indicators,
  dhis2PeriodDays,
  dhis2PreviousPeriod,
  type Dhis2ExportDetail,
  type Dhis2Preview,
  EID_PCR,
  VL_CODES,
} from '@nlims/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { rowsOf } from '../../core/db.js';
import { checkOutboundUrl, type OutboundPolicy } from '../../core/outbound.js';
import { DEMO_PASSWORD } from '../../seed/demo.js';
import { generateClinicalData, seedDemoHistory } from '../../seed/history.js';
import { bearer, createTestApp, type TestApp } from '../../test/harness.js';
import { lagosToday } from '../../core/period.js';
import { importSummaryOf, postDataValueSets, readImportSummary } from './dhis2.client.js';
import { FOREIGN_BODY, type FakeDhis2, startFakeDhis2 } from './fake-dhis2.test-helpers.js';

const CREDENTIALS = { username: 'lims-import', password: 'S3cret-district!' };
const DATA_SET = 'BfMAe6Itzgt';
const period = dhis2PreviousPeriod(lagosToday());
/** The one message of a connection that fails or times out: it tells no port from another. */
const UNREACHABLE = /^The DHIS2 server could not be reached: could not connect, or no answer within \d+ s\.$/;

/** Name resolution as a test decides it (no query leaves the machine): each name's answers, the next one on each call. */
function fakeLookup(answers: Record<string, string[]>): typeof lookup {
  const calls = new Map<string, number>();
  return ((hostname: string, _options: unknown, callback: (error: Error | null, addresses: { address: string; family: number }[]) => void) => {
    const list = answers[hostname];
    const n = calls.get(hostname) ?? 0;
    calls.set(hostname, n + 1);
    const address = list?.[Math.min(n, list.length - 1)];
    if (!address) return callback(Object.assign(new Error(`${hostname}: not found`), { code: 'ENOTFOUND' }), []);
    callback(null, [{ address, family: address.includes(':') ? 6 : 4 }]);
  }) as unknown as typeof lookup;
}

describe('DHIS2 monthly aggregates', () => {
  let t: TestApp;
  let fake: FakeDhis2;
  let token: string;
  // The stand-in listens on the loopback: the operator's allow-list lets the server reach it (over plain http).
  const allowedBefore = process.env.DHIS2_ALLOWED_HOSTS;
  const call = async (method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
  const rows = async <T>(query: ReturnType<typeof sql>) => rowsOf<T>(await t.database.db.execute(query));
  const configure = (baseUrl: string, password = CREDENTIALS.password) =>
    call('PUT', '/api/dhis2/settings/', { base_url: baseUrl, username: CREDENTIALS.username, password, data_set: DATA_SET });

  beforeAll(async () => {
    process.env.DHIS2_ALLOWED_HOSTS = '127.0.0.1';
    // The demo's year of history, and more of last month's finished samples so that every programme has some.
    t = await createTestApp({
      beforeBuild: async (d) => {
        await seedDemoHistory(d.db);
        const ago = (day: string) => Math.floor((Date.now() - Date.parse(`${day}T12:00:00Z`)) / 86_400_000);
        const month = dhis2PeriodDays(period)!;
        await d.db.transaction((tx) =>
          generateClinicalData(
            tx,
            {
              samples: 160,
              clients: 60,
              fromDaysAgo: ago(month.next) + 2,
              toDaysAgo: ago(month.start) - 1,
              labPrefix: 'DH-',
              minOrdersPerProgramme: 5,
              hivShare: 0.3,
              vacuum: false,
            },
            () => {},
          ),
        );
      },
    });
    token = await t.token('superadmin');
    const mappings = await rows<{ data_element: string }>(sql`select data_element from dhis2_mappings`);
    fake = await startFakeDhis2(
      CREDENTIALS,
      mappings.map((m) => m.data_element),
    );
  }, 120_000);
  afterAll(async () => {
    if (allowedBefore === undefined) delete process.env.DHIS2_ALLOWED_HOSTS;
    else process.env.DHIS2_ALLOWED_HOSTS = allowedBefore;
    await fake?.close();
    await t?.close();
  });

  it('the demo maps every indicator and every facility, and has no server', async () => {
    const mappings = (await call('GET', '/api/dhis2/mappings/')).json() as { indicator: string; data_element: string; category_option_combo: string }[];
    expect(mappings.map((m) => m.indicator)).toEqual(dhis2Indicators().map((i) => i.key));
    for (const m of mappings) {
      expect(m.data_element).toMatch(DHIS2_UID);
      if (m.category_option_combo) expect(m.category_option_combo).toMatch(DHIS2_UID);
    }
    const units = (await call('GET', '/api/dhis2/org_units/')).json() as { org_unit: string }[];
    expect(units.length).toBeGreaterThanOrEqual(4);
    for (const u of units) expect(u.org_unit).toMatch(DHIS2_UID);
    const settings = (await call('GET', '/api/dhis2/settings/')).json();
    expect(settings).toMatchObject({ base_url: '', configured: false, password_set: false });
  });

  it("previews last month's values, counted as the dashboards count them", async () => {
    const res = await call('GET', `/api/dhis2/preview/?period=${period}`);
    expect(res.statusCode).toBe(200);
    const p = res.json() as Dhis2Preview;
    expect(p.scope).toEqual({ level: 'all', id: null, name: '' });
    expect(p.payload.period).toBe(period);
    expect(p.payload.dataValues.length).toBeGreaterThan(10);
    expect(p.warnings.facilities_without_org_unit).toEqual([]);
    expect(p.warnings.indicators_without_mapping).toEqual([]);
    for (const v of p.payload.dataValues) {
      expect(v.dataElement).toMatch(DHIS2_UID);
      expect(v.orgUnit).toMatch(DHIS2_UID);
      expect(v.value).toMatch(/^[1-9]\d*$/);
      expect(v.period).toBe(period);
    }
    // Every programme family has values.
    const keys = new Set(p.rows.map((r) => r.indicator));
    for (const k of ['tests_gen', 'tests_vl', 'vl_tests', 'tests_eid', 'tests_tb']) expect([...keys], k).toContain(k);

    // Counted again from the results themselves: the month's released copies/mL and EID PCR results by collection day.
    const month = `${period.slice(0, 4)}-${period.slice(4)}`;
    const direct = await rows<{ code: string; facility_id: number; n: number; supp: number }>(sql`
      select tt.code, s.facility_id, count(*)::int as n,
        count(*) filter (where r.value_text in ('TARGET NOT DETECTED', '<') or r.value_numeric <= 1000)::int as supp
      from results r join test_orders t on t.id = r.test_order_id join test_types tt on tt.id = t.test_type_id
      join samples s on s.id = t.sample_id
      where r.current and r.status = 7 and tt.code in (${VL_CODES.RNA}, ${EID_PCR})
        and to_char(coalesce(s.collected_at, s.created_at) at time zone 'Africa/Lagos', 'YYYY-MM') = ${month}
      group by 1, 2`);
    const value = (facility: number, indicator: string) =>
      p.rows.filter((r) => r.facility === facility && r.indicator === indicator).reduce((a, r) => a + r.value, 0);
    const sumOf = (facility: number, prefix: string) =>
      p.rows.filter((r) => r.facility === facility && r.indicator.startsWith(prefix)).reduce((a, r) => a + r.value, 0);
    expect(direct.length).toBeGreaterThan(0);
    for (const d of direct) {
      if (d.code === VL_CODES.RNA) {
        expect(value(d.facility_id, 'vl_tests')).toBe(d.n);
        expect(value(d.facility_id, 'vl_suppressed')).toBe(d.supp);
        expect(sumOf(d.facility_id, 'vl_band_')).toBe(d.n);
      } else {
        expect(sumOf(d.facility_id, 'eid_tests_')).toBe(d.n);
      }
    }
  });

  it('narrows to a state, an LGA or a facility, and names the field it cannot read', async () => {
    const [f] = await rows<{ id: number; lga_id: number; state_id: number }>(
      sql`select id, lga_id, state_id from facilities where facility_code = 'LA-LMD-001'`,
    );
    const one = (await call('GET', `/api/dhis2/preview/?period=${period}&facility=${f!.id}`)).json() as Dhis2Preview;
    expect(one.scope.level).toBe('facility');
    expect(one.payload.orgUnit).toMatch(DHIS2_UID);
    expect(new Set(one.rows.map((r) => r.facility))).toEqual(new Set([f!.id]));
    const lga = (await call('GET', `/api/dhis2/preview/?period=${period}&lga=${f!.lga_id}`)).json() as Dhis2Preview;
    expect(lga.scope).toMatchObject({ level: 'lga', name: 'Lagos Mainland' });
    const state = (await call('GET', `/api/dhis2/preview/?period=${period}&state=${f!.state_id}`)).json() as Dhis2Preview;
    expect(state.rows.length).toBeGreaterThanOrEqual(lga.rows.length);

    for (const [query, field] of [
      ['period=2026-11', 'period'],
      ['period=202613', 'period'],
      ['period=abc', 'period'],
      ['period=299901', 'period'],
      [`period=${period}&state=999999`, 'state'],
      [`period=${period}&state=${f!.state_id}&facility=${f!.id}`, 'facility'],
    ] as const) {
      const res = await call('GET', `/api/dhis2/preview/?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(Object.keys(res.json()), query).toEqual([field]);
    }
    expect((await call('GET', '/api/dhis2/preview/')).statusCode).toBe(400);
  });

  it("downloads the payload as JSON and as CSV in DHIS2's column order", async () => {
    const preview = (await call('GET', `/api/dhis2/preview/?period=${period}`)).json() as Dhis2Preview;
    const json = await call('GET', `/api/dhis2/preview/?period=${period}&format=json`);
    expect(json.statusCode).toBe(200);
    expect(json.headers['content-disposition']).toContain(`dhis2-${period}-all.json`);
    expect(JSON.parse(json.body)).toEqual(preview.payload);
    const csv = await call('GET', `/api/dhis2/preview/?period=${period}&format=csv`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toBe(DHIS2_CSV_COLUMNS.join(','));
    expect(lines).toHaveLength(preview.payload.dataValues.length + 1);
    const first = preview.payload.dataValues[0]!;
    expect(lines[1]).toBe(`${first.dataElement},${period},${first.orgUnit},${first.categoryOptionCombo ?? ''},,${first.value},,,,`);
    const audit = await rows<{ after: { format: string } }>(sql`select after from audit_events where action = 'dhis2.downloaded' order by id`);
    expect(audit.map((a) => a.after.format)).toEqual(['json', 'csv']);
  });

  it('lists what it cannot send: a facility without an org unit, an indicator without a mapping', async () => {
    const [f] = await rows<{ id: number; org_unit: string }>(
      sql`select f.id, o.org_unit from facilities f join dhis2_org_units o on o.facility_id = f.id where f.facility_code = 'LA-LMD-001'`,
    );
    const [m] = await rows<{ data_element: string; category_option_combo: string }>(
      sql`select data_element, category_option_combo from dhis2_mappings where indicator = 'tests_vl'`,
    );
    expect((await call('PUT', '/api/dhis2/org_units/', { org_units: [{ facility: f!.id, org_unit: '' }] })).statusCode).toBe(200);
    expect((await call('PUT', '/api/dhis2/mappings/', { mappings: [{ indicator: 'tests_vl', data_element: '' }] })).statusCode).toBe(200);
    const p = (await call('GET', `/api/dhis2/preview/?period=${period}`)).json() as Dhis2Preview;
    expect(p.warnings.facilities_without_org_unit.map((w) => w.facility)).toContain(f!.id);
    expect(p.warnings.facilities_without_org_unit.find((w) => w.facility === f!.id)!.values).toBeGreaterThan(0);
    expect(p.warnings.indicators_without_mapping.map((w) => w.indicator)).toContain('tests_vl');
    expect(p.rows.some((r) => r.facility === f!.id || r.indicator === 'tests_vl')).toBe(false);
    // Put back.
    await call('PUT', '/api/dhis2/org_units/', { org_units: [{ facility: f!.id, org_unit: f!.org_unit }] });
    await call('PUT', '/api/dhis2/mappings/', {
      mappings: [{ indicator: 'tests_vl', data_element: m!.data_element, category_option_combo: m!.category_option_combo }],
    });
    const audit = await rows<{ action: string }>(sql`select action from audit_events where action like 'dhis2.%' and action <> 'dhis2.downloaded' order by id`);
    expect(audit.map((a) => a.action)).toEqual(['dhis2.org_units_changed', 'dhis2.mappings_changed', 'dhis2.org_units_changed', 'dhis2.mappings_changed']);
  });

  it('refuses a bad UID, an unknown indicator or facility, and a bad server address, naming the field', async () => {
    for (const [url, body, field] of [
      ['/api/dhis2/mappings/', { mappings: [{ indicator: 'tests_vl', data_element: 'abc' }] }, 'mappings.0.data_element'],
      ['/api/dhis2/mappings/', { mappings: [{ indicator: 'tests_vl', data_element: '1bcdefghijk' }] }, 'mappings.0.data_element'],
      [
        '/api/dhis2/mappings/',
        { mappings: [{ indicator: 'tests_vl', data_element: 'Abcdefghijk', category_option_combo: 'x' }] },
        'mappings.0.category_option_combo',
      ],
      ['/api/dhis2/mappings/', { mappings: [{ indicator: 'nope', data_element: 'Abcdefghijk' }] }, 'mappings.0.indicator'],
      ['/api/dhis2/org_units/', { org_units: [{ facility: 1, org_unit: 'Abcdefghij!' }] }, 'org_units.0.org_unit'],
      ['/api/dhis2/org_units/', { org_units: [{ facility: 999999, org_unit: 'Abcdefghijk' }] }, 'org_units.0.facility'],
      ['/api/dhis2/settings/', { base_url: 'ftp://x', username: 'a', data_set: DATA_SET }, 'base_url'],
      ['/api/dhis2/settings/', { base_url: 'https://u:p@dhis2.example.org', username: 'a', data_set: DATA_SET }, 'base_url'],
      ['/api/dhis2/settings/', { base_url: 'https://dhis2.example.org', username: 'a', data_set: 'short' }, 'data_set'],
      ['/api/dhis2/settings/', { base_url: 'https://dhis2.example.org', username: 'a:b', data_set: DATA_SET }, 'username'],
    ] as const) {
      const res = await call('PUT', url, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(Object.keys(res.json()), JSON.stringify(body)).toEqual([field]);
    }
  });

  it('will not send before the server is configured', async () => {
    const res = await call('POST', '/api/dhis2/send/', { period, dry_run: true });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json())).toEqual(['base_url']);
  });

  it('keeps the password write-only: never in a reply, the audit trail says only that it changed', async () => {
    const res = await configure(`${fake.url}/`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ base_url: fake.url, username: CREDENTIALS.username, password_set: true, configured: true, data_set: DATA_SET });
    expect(res.body).not.toContain(CREDENTIALS.password);
    expect((await call('GET', '/api/dhis2/settings/')).body).not.toContain(CREDENTIALS.password);
    // Saving without a password keeps it.
    const kept = await call('PUT', '/api/dhis2/settings/', { base_url: fake.url, username: CREDENTIALS.username, data_set: DATA_SET });
    expect(kept.json().password_set).toBe(true);
    const audit = await rows<{ row: string }>(sql`select row_to_json(a)::text as row from audit_events a where action = 'dhis2.settings_changed'`);
    expect(audit).toHaveLength(2);
    for (const a of audit) expect(a.row).not.toContain(CREDENTIALS.password);
    // At rest it is sealed (AES-256-GCM under a key derived from the server's secret), never the password itself.
    const [atRest] = await rows<{ password: string; row: string }>(sql`select password, row_to_json(s)::text as row from dhis2_settings s`);
    expect(atRest!.password).toMatch(/^enc:v1:[\w-]{8}:[\w-]+$/);
    expect(atRest!.row).not.toContain(CREDENTIALS.password);
    expect(atRest!.row).not.toContain(Buffer.from(CREDENTIALS.password).toString('base64'));
  });

  it('refuses an address inside the network, or plain http, unless the operator lists the host: a 400 naming base_url, nothing sent', async () => {
    delete process.env.DHIS2_ALLOWED_HOSTS;
    try {
      const port = new URL(fake.url).port;
      for (const address of [
        `http://127.0.0.1:${port}`,
        'http://127.0.0.1:5432',
        'http://[::1]:5432',
        'http://0x7f000001:5432',
        'http://2130706433:5432',
        'http://127.1:5432',
        'http://0177.0.0.1:5432',
        'http://169.254.169.254/latest/meta-data',
        'https://169.254.169.254',
        'https://127.0.0.1',
        'https://[::1]',
        'https://[::ffff:127.0.0.1]',
        'https://[::ffff:a9fe:a9fe]',
        'https://[64:ff9b::a00:1]',
        'https://[2002:c0a8:101::1]',
        'https://10.1.2.3',
        'https://172.20.0.1',
        'https://192.168.1.10',
        'https://100.64.0.1',
        'https://[fd00::1]',
        'https://[fe80::1]',
        'https://224.0.0.1',
        'https://[ff02::1]',
        'https://0.0.0.0',
        'https://[::]',
        'http://dhis2.example.org',
      ]) {
        const res = await configure(address);
        expect(res.statusCode, address).toBe(400);
        expect(Object.keys(res.json()), address).toEqual(['base_url']);
      }
      // Plain http allowed for every host still reaches nothing inside the network.
      process.env.DHIS2_ALLOW_HTTP = '1';
      expect((await configure('http://127.0.0.1:5432')).statusCode).toBe(400);
      expect((await configure('http://169.254.169.254')).statusCode).toBe(400);
      delete process.env.DHIS2_ALLOW_HTTP;
      // Nothing was saved: the server is still the stand-in.
      expect((await call('GET', '/api/dhis2/settings/')).json().base_url).toBe(fake.url);

      // An address kept before the rule (or a host taken off the list): a send is refused before any connection.
      const sent = fake.requests.length;
      const res = await call('POST', '/api/dhis2/send/', { period, dry_run: true });
      expect(res.statusCode).toBe(400);
      expect(Object.keys(res.json())).toEqual(['base_url']);
      expect(fake.requests).toHaveLength(sent);
      const failures = await rows<{ n: number }>(sql`select count(*)::int as n from dhis2_exports`);
      expect(failures[0]!.n).toBe(0);
    } finally {
      process.env.DHIS2_ALLOWED_HOSTS = '127.0.0.1';
      delete process.env.DHIS2_ALLOW_HTTP;
    }
  });

  it('checks a name on each connection: one that answers an internal address the second time (DNS rebinding) is refused', async () => {
    const { payload } = (await call('GET', `/api/dhis2/preview/?period=${period}`)).json() as Dhis2Preview;
    const port = new URL(fake.url).port;
    const server = { baseUrl: `http://dhis2.rebind.test:${port}`, ...CREDENTIALS };
    const sent = fake.requests.length;
    // The first answer (when the address is saved) is on the internet; the second (the connection) is the loopback.
    // The public address is only compared, never connected to.
    const rebinding: OutboundPolicy = {
      allowedHosts: new Set(),
      allowHttp: true,
      lookup: fakeLookup({ 'dhis2.rebind.test': ['8.8.8.8', '127.0.0.1'] }),
    };
    expect(await checkOutboundUrl(new URL(server.baseUrl), rebinding)).toBeNull();
    const refused = await postDataValueSets(server, payload, true, 2000, rebinding);
    expect(refused).toMatchObject({ ok: false, httpStatus: null, summary: null });
    expect(refused.error).toContain('refused');
    expect(fake.requests).toHaveLength(sent);
    // Listed by the operator, the same name reaches the address the lookup gave: the lookup is the connection's own.
    const listed: OutboundPolicy = {
      allowedHosts: new Set(['dhis2.rebind.test']),
      allowHttp: false,
      lookup: fakeLookup({ 'dhis2.rebind.test': ['127.0.0.1'] }),
    };
    const reached = await postDataValueSets(server, payload, true, 5000, listed);
    expect(reached).toMatchObject({ ok: true, httpStatus: 200, importStatus: 'SUCCESS' });
    expect(fake.requests).toHaveLength(sent + 1);
  });

  it('dry-runs, then sends; DHIS2 accepts the payload and its import summary is kept and listed', async () => {
    const dry = await call('POST', '/api/dhis2/send/', { period, dry_run: true });
    expect(dry.statusCode).toBe(201);
    const d = dry.json() as Dhis2ExportDetail;
    expect(fake.problems).toEqual([]);
    expect(d).toMatchObject({ status: 'sent', dry_run: true, import_status: 'SUCCESS', http_status: 200, updated: 0, ignored: 0, conflicts: [], error: '' });
    expect(d.imported).toBe(d.value_count);
    expect(fake.stored.size).toBe(0);
    expect(fake.requests.at(-1)!.dryRun).toBe(true);

    const sent = (await call('POST', '/api/dhis2/send/', { period, dry_run: false })).json() as Dhis2ExportDetail;
    expect(sent).toMatchObject({ status: 'sent', dry_run: false, import_status: 'SUCCESS', imported: d.value_count });
    expect(fake.stored.size).toBe(d.value_count);
    // Sent again: DHIS2 updates what it holds.
    const again = (await call('POST', '/api/dhis2/send/', { period, dry_run: false })).json() as Dhis2ExportDetail;
    expect(again).toMatchObject({ imported: 0, updated: d.value_count });
    expect(fake.problems).toEqual([]);

    const history = await call('GET', '/api/dhis2/exports/');
    expect(
      history
        .json()
        .slice(0, 3)
        .map((e: Dhis2ExportDetail) => [e.id, e.dry_run, e.status]),
    ).toEqual([
      [again.id, false, 'sent'],
      [sent.id, false, 'sent'],
      [d.id, true, 'sent'],
    ]);
    const detail = await call('GET', `/api/dhis2/exports/${sent.id}/`);
    expect(detail.json().payload.dataValues).toHaveLength(d.value_count);
    for (const r of [dry, history, detail]) {
      expect(r.body).not.toContain(CREDENTIALS.password);
      expect(r.body).not.toContain(Buffer.from(`${CREDENTIALS.username}:${CREDENTIALS.password}`).toString('base64'));
    }
    const audit = await rows<{ action: string }>(
      sql`select action from audit_events where entity = 'dhis2_exports' and action <> 'dhis2.downloaded' order by id`,
    );
    expect(audit.map((a) => a.action)).toEqual(['dhis2.dry_run', 'dhis2.sent', 'dhis2.sent']);
  });

  it('keeps the conflicts DHIS2 reports for a data element it does not know, in either reply shape', async () => {
    const unknown = 'Zzzzzzzzzz1';
    const [m] = await rows<{ data_element: string }>(sql`select data_element from dhis2_mappings where indicator = 'tests_gen'`);
    await call('PUT', '/api/dhis2/mappings/', { mappings: [{ indicator: 'tests_gen', data_element: unknown }] });
    const facilities = (await call('GET', `/api/dhis2/preview/?period=${period}`))
      .json()
      .rows.filter((r: { indicator: string }) => r.indicator === 'tests_gen').length;
    expect(facilities).toBeGreaterThan(0);
    for (const mode of ['wrapped', 'bare'] as const) {
      fake.mode = mode;
      const r = (await call('POST', '/api/dhis2/send/', { period, dry_run: true })).json() as Dhis2ExportDetail;
      expect(r).toMatchObject({ status: 'sent', import_status: 'WARNING', ignored: facilities, http_status: mode === 'wrapped' ? 409 : 200 });
      expect(r.conflicts).toHaveLength(facilities);
      expect(r.conflicts[0]).toMatchObject({ object: unknown });
      expect(r.conflicts[0]!.value).toContain('Data element not found');
    }
    fake.mode = 'wrapped';
    await call('PUT', '/api/dhis2/mappings/', { mappings: [{ indicator: 'tests_gen', data_element: m!.data_element }] });
  });

  it('stores a failure, never a server error, when DHIS2 refuses the password, fails, hangs or cannot be reached', async () => {
    const failed = async () => {
      const res = await call('POST', '/api/dhis2/send/', { period, dry_run: true });
      expect(res.statusCode).toBe(201);
      const e = res.json() as Dhis2ExportDetail;
      expect(e.status).toBe('failed');
      expect(res.body).not.toContain(CREDENTIALS.password);
      return e;
    };
    await configure(fake.url, 'wrong');
    expect(await failed()).toMatchObject({ http_status: 401, error: expect.stringContaining('401') });
    await configure(fake.url);
    fake.mode = 'fail';
    expect(await failed()).toMatchObject({ http_status: 500, error: 'The DHIS2 server failed (500).' });
    // Another service's reply: only its status is kept, never its body.
    fake.mode = 'foreign';
    const foreign = await failed();
    expect(foreign).toMatchObject({ http_status: 400, error: 'The DHIS2 server answered 400 without an import summary.' });
    fake.mode = 'hang';
    process.env.DHIS2_TIMEOUT_MS = '300';
    const hung = await failed();
    expect(hung).toMatchObject({ http_status: null, error: expect.stringMatching(UNREACHABLE) });
    delete process.env.DHIS2_TIMEOUT_MS;
    fake.mode = 'wrapped';
    // A port nobody listens on.
    const closed = await new Promise<number>((resolve) => {
      const s = createServer();
      s.listen(0, '127.0.0.1', () => {
        const port = (s.address() as { port: number }).port;
        s.close(() => resolve(port));
      });
    });
    expect((await configure(`http://127.0.0.1:${closed}`)).statusCode).toBe(200);
    // A closed port and a port that never answers read the same (but for the seconds waited).
    const closedPort = await failed();
    expect(closedPort).toMatchObject({ http_status: null, error: expect.stringMatching(UNREACHABLE) });
    const kept = await rows<{ status: string; n: number }>(sql`select status, count(*)::int as n from dhis2_exports group by status order by status`);
    expect(kept).toEqual([
      { status: 'failed', n: 5 },
      { status: 'sent', n: 5 },
    ]);
    // What is kept of a failure: its status and the product's own words; of a send, DHIS2's import summary alone.
    const stored = await rows<{ status: string; summary: unknown; row: string }>(sql`select status, summary, row_to_json(e)::text as row from dhis2_exports e`);
    for (const e of stored) {
      expect(e.row).not.toContain(FOREIGN_BODY);
      expect(e.row).not.toContain('NullPointerException');
      if (e.status === 'failed') expect(e.summary).toBeNull();
      else expect(Object.keys(e.summary as object).sort()).toEqual(['importCount', 'status']);
    }
    const history = await call('GET', '/api/dhis2/exports/');
    expect(history.body).not.toContain(FOREIGN_BODY);
    await configure(fake.url);
  });

  it('seals a password kept as plain text at start, and again under a new secret after a rotation', async () => {
    const kept = async () => (await rows<{ password: string }>(sql`select password from dhis2_settings`))[0]!.password;
    const keyId = (stored: string) => stored.split(':')[2];
    const dryRun = async (app: Awaited<ReturnType<typeof buildApp>>) => {
      const login = await app.inject({ method: 'POST', url: '/api/login/', payload: { username: 'superadmin', password: DEMO_PASSWORD } });
      expect(login.statusCode, login.body).toBe(200);
      return app.inject({ method: 'POST', url: '/api/dhis2/send/', headers: bearer(login.json().token), payload: { period, dry_run: true } });
    };
    const expectedAuth = `Basic ${Buffer.from(`${CREDENTIALS.username}:${CREDENTIALS.password}`).toString('base64')}`;
    // A password kept before encryption: the next start seals it under the server's secret.
    await t.database.db.execute(sql`update dhis2_settings set password = ${CREDENTIALS.password}`);
    const restarted = await buildApp({ database: t.database, jwtSecret: t.jwtSecret });
    const sealed = await kept();
    await restarted.close();
    expect(sealed).toMatch(/^enc:v1:/);
    expect(sealed).not.toContain(CREDENTIALS.password);

    // JWT_SECRET rotated, the old one given as PREVIOUS_JWT_SECRET: sealed again under the new one, and still the password.
    const rotatedSecret = randomBytes(32);
    const rotated = await buildApp({ database: t.database, jwtSecret: rotatedSecret, previousJwtSecrets: [t.jwtSecret] });
    try {
      const resealed = await kept();
      expect(resealed).toMatch(/^enc:v1:/);
      expect(keyId(resealed)).not.toBe(keyId(sealed));
      const res = await dryRun(rotated);
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json()).toMatchObject({ status: 'sent', http_status: 200 });
      expect(fake.requests.at(-1)!.auth).toBe(expectedAuth);
    } finally {
      await rotated.close();
    }

    // Rotated without the previous secret: the password cannot be read, is left as it is, and nothing is sent.
    const before = await kept();
    const sent = fake.requests.length;
    const lost = await buildApp({ database: t.database, jwtSecret: randomBytes(32) });
    try {
      expect(await kept()).toBe(before);
      const res = await dryRun(lost);
      expect(res.statusCode).toBe(400);
      expect(Object.keys(res.json())).toEqual(['password']);
      expect(fake.requests).toHaveLength(sent);
    } finally {
      await lost.close();
    }
    // Entered again (here, under this suite's own secret), it is sealed and used.
    expect((await configure(fake.url)).statusCode).toBe(200);
    expect(keyId(await kept())).not.toBe(keyId(before));
  });

  it('reads both import summary shapes', () => {
    const summary = { responseType: 'ImportSummary', status: 'SUCCESS', importCount: { imported: 3, updated: 1, ignored: 0, deleted: 0 }, conflicts: [] };
    expect(importSummaryOf(summary)).toBe(summary);
    expect(importSummaryOf({ httpStatus: 'OK', status: 'OK', response: summary })).toBe(summary);
    expect(importSummaryOf({ httpStatus: 'Unauthorized', status: 'ERROR' })).toBeNull();
    expect(readImportSummary({ status: 'ERROR', importCount: { imported: -1 }, conflicts: [{ object: 'x', value: 'y', errorCode: 'E7600' }] })).toEqual({
      importStatus: 'ERROR',
      imported: 0,
      updated: 0,
      ignored: 0,
      deleted: 0,
      conflicts: [{ object: 'x', value: 'y', error_code: 'E7600' }],
    });
  });
});

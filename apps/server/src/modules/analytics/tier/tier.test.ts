import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAggregatesConsistent } from '../../../test/aggregates.js';
import { addDays, lagosToday } from '../../../core/period.js';
import { bearer, createTestApp, type TestApp } from '../../../test/harness.js';
import { rowsOf } from '../../../core/db.js';

/**
 * The officials' dashboards over released results written straight into the
 * tables (the triggers keep the aggregates): malaria RDTs at Ikeja (Lagos,
 * Ikeja LGA), Yaba (Lagos, Lagos Mainland) and Kano, and what each tier sees.
 */
let t: TestApp;
const today = lagosToday();
let place: { kanoState: number; kanoLga: number; kano: number; yaba: number; ikeja: number; lagos: number; ikejaLga: number };

/** `n` released results of a test at a facility, collected `daysAgo` days ago (Lagos noon). */
async function released(facilityCode: string, program: string, testCode: string, value: string, n: number, daysAgo = 3) {
  const collected = `${addDays(today, -daysAgo)}T11:00:00Z`;
  await t.database.db.execute(sql`
    with f as (select id from facilities where facility_code = ${facilityCode}),
    p as (select id from programs where name = ${program}),
    tt as (select id from test_types where code = ${testCode}),
    c as (insert into clients (facility_id, first_name, last_name, sex) select f.id, 'Agg', 'Test', 'female' from f, generate_series(1, ${n}) returning id, facility_id),
    o as (insert into orders (facility_id, program_id, client_id, lab_number) select c.facility_id, p.id, c.id, 'AGG-' || c.id from c, p returning id, facility_id, program_id, lab_number),
    s as (insert into samples (order_id, facility_id, program_id, seq, barcode, status, collected_at, received_at)
          select o.id, o.facility_id, o.program_id, 1, o.lab_number, 11, ${collected}::timestamptz, ${collected}::timestamptz + interval '1 day' from o returning id, order_id, facility_id, program_id),
    x as (insert into test_orders (order_id, sample_id, facility_id, program_id, test_type_id, status)
          select s.order_id, s.id, s.facility_id, s.program_id, tt.id, 7 from s, tt returning id, facility_id)
    insert into results (test_order_id, facility_id, status, value_text, entered_by, approved_at)
    select x.id, x.facility_id, 7, ${value}, (select min(id) from users), ${collected}::timestamptz + interval '3 days' from x`);
}

beforeAll(async () => {
  t = await createTestApp();
  await released('LA-IKJ-001', 'General', 'MAL-RDT', 'POSITIVE', 3);
  await released('LA-IKJ-001', 'General', 'MAL-RDT', 'NEGATIVE', 7);
  await released('LA-LMD-001', 'Lassa Fever', 'LASSA-PCR-RESULT', 'DETECTED', 6);
  await released('LA-LMD-001', 'Lassa Fever', 'LASSA-PCR-RESULT', 'NOT DETECTED', 14);
  await released('KN-NSW-001', 'Tuberculosis', 'MAL-RDT', 'POSITIVE', 20);
  // The previous period: lower malaria positivity at Ikeja.
  await released('LA-IKJ-001', 'General', 'MAL-RDT', 'NEGATIVE', 10, 120);
  const [row] = rowsOf<typeof place>(
    await t.database.db.execute(sql`select
      (select state_id from facilities where facility_code = 'KN-NSW-001') as "kanoState", (select lga_id from facilities where facility_code = 'KN-NSW-001') as "kanoLga",
      (select id from facilities where facility_code = 'KN-NSW-001') as kano, (select id from facilities where facility_code = 'LA-LMD-001') as yaba,
      (select id from facilities where facility_code = 'LA-IKJ-001') as ikeja, (select state_id from facilities where facility_code = 'LA-IKJ-001') as lagos,
      (select lga_id from facilities where facility_code = 'LA-IKJ-001') as "ikejaLga"`),
  );
  place = row!;
});
afterAll(() => t.close());

const get = async (actor: string | null, url: string) => t.app.inject({ url, headers: actor ? bearer(await t.token(actor)) : {} });
const tile = (body: { tiles: { disease: string }[] }, disease: string) => body.tiles.find((x) => x.disease === disease) as Record<string, unknown>;

describe('the daily aggregates', () => {
  it('equal a rebuild from the tests, samples and results after every write so far', async () => {
    expect(await expectAggregatesConsistent(t.database.db)).toBeGreaterThan(5);
  });
});

describe('the priority-diseases landing', () => {
  it('gives the federal user the nation, a state user their state, an LGA user their LGA', async () => {
    const fed = (await get('fed_tier', '/api/global_dashboard/')).json();
    expect(fed.area).toMatchObject({ level: 'nation', name: 'Nigeria' });
    expect(tile(fed, 'malaria')).toMatchObject({ tests: 30, positives: 23, negatives: 7 });
    // Yaba's demo Lassa samples count too.
    const lassa = tile(fed, 'lassa') as { tests: number; positives: number; negatives: number; positivity_percent: number };
    expect(lassa.tests).toBeGreaterThanOrEqual(20);
    expect(lassa.positives).toBeGreaterThanOrEqual(6);
    expect(lassa.positivity_percent).toBe(Math.round((lassa.positives / (lassa.positives + lassa.negatives)) * 1000) / 10);
    expect(fed.by_state.map((r: { state_name: string }) => r.state_name)).toEqual(expect.arrayContaining(['Kano', 'Lagos']));

    const lagos = (await get('lagos_tier', '/api/global_dashboard/')).json();
    expect(lagos.area).toMatchObject({ level: 'state', name: 'Lagos' });
    // Lagos's malaria cases all lie in Ikeja: the state's 3 would give the LGA's "< 5" back, so it is one too.
    expect(tile(lagos, 'malaria')).toMatchObject({ tests: 10, with_reading: 10, positives: null, negatives: 'withheld', positivity_percent: null });
    expect(lagos.by_state.map((r: { state_name: string }) => r.state_name)).toEqual(expect.arrayContaining(['Lagos']));
    expect(lagos.by_state.every((r: { state_name: string }) => r.state_name === 'Lagos')).toBe(true);
    // Below state level, 1–4 cases are suppressed: Ikeja's 3 malaria positives among the latest positives by LGA.
    const ikejaLatest = lagos.latest_positives.find((r: { lga_name: string; disease: string }) => r.lga_name === 'Ikeja' && r.disease === 'malaria');
    expect(ikejaLatest).toMatchObject({ positives: null, tests: 10 });

    const ikeja = (await get('ikeja_tier', '/api/global_dashboard/')).json();
    expect(ikeja.area).toMatchObject({ level: 'lga', name: 'Ikeja' });
    expect(tile(ikeja, 'malaria')).toMatchObject({ tests: 10, positives: null, positivity_percent: null });
    expect(tile(ikeja, 'lassa')).toMatchObject({ tests: 0, positives: 0 });
    expect(JSON.stringify(ikeja)).not.toContain('Kano');
  });

  it('compares with the previous period of the same length', async () => {
    // (the super admin sees every count)
    const fed = (await get('superadmin', `/api/global_dashboard/?states=${place.lagos}`)).json();
    expect(tile(fed, 'malaria')).toMatchObject({ tests: 10, positives: 3, previous: { tests: 10, positives: 0 }, trend: 'up' });
    // No trend without a base: testing that stopped (the two days after the data's, against the two before) …
    const stopped = (
      await get('superadmin', `/api/global_dashboard/?states=${place.lagos}&start_date=${addDays(today, -2)}&end_date=${addDays(today, -1)}`)
    ).json();
    expect(tile(stopped, 'malaria')).toMatchObject({ tests: 0, previous: { tests: 10 }, trend: null });
    // … nor testing that started
    const started = (
      await get('superadmin', `/api/global_dashboard/?states=${place.lagos}&start_date=${addDays(today, -4)}&end_date=${addDays(today, -3)}`)
    ).json();
    expect(tile(started, 'malaria')).toMatchObject({ previous: { tests: 0 }, trend: null });
  });

  it('never widens an area: another state, LGA or facility is a 403; an unknown place a 400 naming the field', async () => {
    for (const q of [`states=${place.kanoState}`, `lga=${place.kanoLga}`, `facility=${place.kano}`]) {
      expect((await get('lagos_tier', `/api/global_dashboard/?${q}`)).statusCode, q).toBe(403);
      expect((await get('ikeja_tier', `/api/tier_general_program_dashboard/?disease=malaria&${q}`)).statusCode, q).toBe(403);
    }
    expect((await get('ikeja_tier', `/api/global_dashboard/?facility=${place.yaba}`)).statusCode).toBe(403);
    expect((await get('ikeja_tier', `/api/global_dashboard/?states=${place.lagos}`)).statusCode).toBe(200);
    const unknown = await get('fed_tier', '/api/global_dashboard/?lga=999999');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toHaveProperty('lga');
  });

  it('refuses facility staff and anonymous callers', async () => {
    expect((await get('clin_supervisor', '/api/global_dashboard/')).statusCode).toBe(403);
    expect((await get(null, '/api/global_dashboard/')).statusCode).toBe(401);
  });
});

describe('a disease dashboard', () => {
  it('breaks the nation down by state, a state by LGA, an LGA by facility, suppressing small counts below state level', async () => {
    const fed = (await get('fed_tier', '/api/tier_general_program_dashboard/?disease=malaria')).json();
    expect(fed.by_area_level).toBe('state');
    // Lagos's 3 lie in one LGA ("< 5"); Kano, the other state, is withheld so the nation's 23 does not give them back.
    expect(fed.totals.positives).toBe(23);
    expect(fed.by_area.map((r: { name: string; positives: number }) => [r.name, r.positives])).toEqual([
      ['Kano', 'withheld'],
      ['Lagos', null],
    ]);
    expect(fed.turnaround).toMatchObject({ released: 30, collection_to_receipt_days: 1, receipt_to_release_days: 2, collection_to_release_days: 3 });

    const lagos = (await get('lagos_tier', '/api/tier_general_program_dashboard/?disease=malaria')).json();
    expect(lagos.by_area_level).toBe('lga');
    expect(lagos.by_area).toEqual([expect.objectContaining({ name: 'Ikeja', tests: 10, positives: null, positivity_percent: null })]);
    expect(lagos.totals).toMatchObject({ tests: 10, positives: null, negatives: 'withheld' });

    const ikeja = (await get('ikeja_tier', '/api/tier_general_program_dashboard/?disease=malaria')).json();
    expect(ikeja.by_area_level).toBe('facility');
    expect(ikeja.by_area).toEqual([expect.objectContaining({ name: 'Ikeja Demo Clinical Laboratory', positives: null })]);
    expect(ikeja.totals.positives).toBeNull();
    expect(ikeja.series.every((r: { positives: number | null }) => r.positives == null || r.positives === 0 || r.positives > 4)).toBe(true);
  });

  it('drills down with the area filters and keeps to them', async () => {
    const kano = (await get('fed_tier', `/api/tier_general_program_dashboard/?disease=malaria&states=${place.kanoState}`)).json();
    expect(kano.area).toMatchObject({ level: 'state', name: 'Kano' });
    expect(kano.by_area_level).toBe('lga');
    // Kano's total is withheld here as on the federal page: the same cell on every page.
    expect(kano.totals).toMatchObject({ tests: 20, positives: 'withheld' });
  });

  it('serves each of the five diseases to each tier, and General to the tiers and its staff', async () => {
    for (const disease of ['malaria', 'hiv', 'tb', 'covid', 'lassa'])
      for (const user of ['fed_tier', 'lagos_tier', 'ikeja_tier', 'superadmin']) {
        const res = await get(user, `/api/tier_general_program_dashboard/?disease=${disease}`);
        expect(res.statusCode, `${user} ${disease}`).toBe(200);
        const body = res.json();
        expect(body.hiv == null, disease).toBe(disease !== 'hiv');
        expect(body.tb == null, disease).toBe(disease !== 'tb');
      }
    const staff = (await get('clin_supervisor', '/api/tier_general_order_dashboard/')).json();
    expect(staff.area).toMatchObject({ level: 'facility', name: 'Ikeja Demo Clinical Laboratory' });
    expect(staff.by_test.find((r: { code: string }) => r.code === 'MAL-RDT')).toMatchObject({ tests: 10, positives: 3 });
    expect((await get('clin_supervisor', `/api/tier_general_order_dashboard/?facility=${place.yaba}`)).statusCode).toBe(403);
    // Yaba's staff hold no role in General.
    expect((await get('ph_supervisor', '/api/tier_general_order_dashboard/')).statusCode).toBe(403);
    expect((await get('clin_admin', '/api/tier_general_order_dashboard/')).statusCode).toBe(403);
  });

  it('answers bad input with a 400 naming the field', async () => {
    for (const [q, field] of [
      ['disease=plague', 'disease'],
      ['disease=malaria&start_date=2026-13-01', 'start_date'],
      ['disease=malaria&start_date=2026-02-01&end_date=2026-01-01', 'end_date'],
      ['disease=malaria&states=abc', 'states'],
      ['disease=malaria&periodicity=hourly', 'periodicity'],
      ['program=Nothing', 'program'],
      ['', 'disease'],
      ['disease=malaria&test_type=999999', 'test_type'],
      ['disease=malaria&format=pdf', 'format'],
    ] as const) {
      const res = await get('fed_tier', `/api/tier_general_program_dashboard/?${q}`);
      expect(res.statusCode, q).toBe(400);
      expect(res.json(), q).toHaveProperty(field);
    }
  });

  it('exports every table as CSV and XLSX, suppressed cells as "< 5"', async () => {
    const csv = await get('lagos_tier', '/api/tier_general_program_dashboard/?disease=malaria&format=csv&table=by_area');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toContain('attachment');
    expect(csv.body.split('\r\n')[0]).toBe('lga,tests,with_reading,positives,negatives,invalid,positivity_percent,rejected,backlog');
    expect(csv.body).toContain('Ikeja,10,10,< 5,withheld,');
    for (const table of ['tiles', 'series', 'by_test']) {
      const res = await get('fed_tier', `/api/tier_general_program_dashboard/?disease=lassa&format=xlsx&table=${table}`);
      expect(res.statusCode, table).toBe(200);
      expect(res.headers['content-type']).toContain('spreadsheetml');
    }
    for (const table of ['tiles', 'by_state', 'latest_positives']) {
      const res = await get('fed_tier', `/api/global_dashboard/?format=csv&table=${table}`);
      expect(res.statusCode, table).toBe(200);
    }
    expect((await get('fed_tier', '/api/global_dashboard/?format=csv&table=by_test')).statusCode).toBe(400);
  });
});

describe('the reports, as an official reads them', () => {
  it('give aggregates per facility and test of the area only, never a patient', async () => {
    const lagos = (await get('lagos_tier', '/api/general_order_report/?page=1')).json();
    expect(lagos.aggregate).toBe(true);
    expect(lagos.results.length).toBeGreaterThan(0);
    expect(lagos.results.every((r: { state: string }) => r.state === 'Lagos')).toBe(true);
    expect(lagos.results.find((r: { test_type: string }) => /malaria rapid/i.test(r.test_type))).toMatchObject({
      facility: 'Ikeja Demo Clinical Laboratory',
      requested: 10,
      released: 10,
      positives: null,
    });
    expect(JSON.stringify(lagos)).not.toMatch(/Agg|AGG-|first_name|client/);
    const fed = (await get('fed_tier', '/api/general_program_report/?program=Lassa%20Fever')).json();
    expect(fed.results.find((r: { facility_code: string }) => r.facility_code === 'LA-LMD-001')).toMatchObject({ program: 'Lassa Fever' });
    expect((await get('fed_tier', '/api/tb_report/?page=1')).statusCode).toBe(200);
  });

  it('keep to the area and check their parameters', async () => {
    expect((await get('lagos_tier', `/api/tb_report/?reporting_state=${place.kanoState}`)).statusCode).toBe(403);
    expect((await get('ikeja_tier', `/api/general_order_report/?reporting_lga=${place.kanoLga}`)).statusCode).toBe(403);
    const wrong = await get('fed_tier', '/api/general_program_report/?program=General');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toHaveProperty('program');
    expect((await get('fed_tier', '/api/general_order_report/?page_size=7')).statusCode).toBe(400);
  });

  it('export CSV and XLSX with suppressed cells as "< 5"', async () => {
    const csv = await get('ikeja_tier', '/api/general_order_report/?format=csv');
    expect(csv.statusCode).toBe(200);
    expect(csv.body.split('\r\n')[0]).toBe('state,lga,facility,facility_code,program,test_type,requested,released,positives,rejected,backlog');
    expect(csv.body).toMatch(/Malaria rapid diagnostic test \(mRDT\),10,10,< 5,0,0/);
    const xlsx = await get('fed_tier', '/api/tb_report/?format=xlsx');
    expect(xlsx.headers['content-type']).toContain('spreadsheetml');
  });
});

describe('the series', () => {
  it('has every period of the range, empty ones as zeros, weeks from Monday', async () => {
    const { periodsOf } = await import('./tier-dashboard.js');
    expect(periodsOf('2026-11-04', '2026-11-20', 'weekly')).toEqual(['2026-11-02', '2026-11-09', '2026-11-16']);
    expect(periodsOf('2026-02-15', '2026-07-01', 'quarterly')).toEqual(['2026-01-01', '2026-04-01', '2026-07-01']);
    expect(periodsOf('2026-01-31', '2026-03-01', 'monthly')).toEqual(['2026-01-01', '2026-02-01', '2026-03-01']);
    const body = (await get('fed_tier', '/api/tier_general_program_dashboard/?disease=malaria&periodicity=daily')).json();
    expect(body.series).toHaveLength(90);
    expect(body.series.reduce((n: number, r: { tests: number }) => n + r.tests, 0)).toBe(body.totals.tests);
  });
});

describe('the HIV dashboard', () => {
  it('counts screening tests and confirmed cases, and each test on its own terms by test', async () => {
    await released('KN-NSW-001', 'General', 'HIV-RT1', 'REACTIVE', 6);
    await released('KN-NSW-001', 'General', 'HIV-RT1', 'NON-REACTIVE', 14);
    await released('KN-NSW-001', 'General', 'HIV-RT2', 'REACTIVE', 5);
    await released('KN-NSW-001', 'General', 'HIV-RT2', 'NON-REACTIVE', 1);
    // (the super admin: every count, whatever the demo's other states hold)
    const kano = (await get('superadmin', `/api/tier_general_program_dashboard/?disease=hiv&states=${place.kanoState}`)).json();
    expect(kano.totals).toMatchObject({ tests: 20, positives: 5, negatives: 14, positivity_percent: 26.3 });
    const byCode = Object.fromEntries(kano.by_test.map((r: { code: string }) => [r.code, r]));
    expect(byCode['HIV-RT1']).toMatchObject({ tests: 20, positives: 6, negatives: 14, positivity_percent: 30 });
    expect(byCode['HIV-RT2']).toMatchObject({ tests: 6, positives: 5, negatives: 1, positivity_percent: 83.3 });
    expect(await expectAggregatesConsistent(t.database.db)).toBeGreaterThan(5);
  });
});

describe('every dashboard path, for every official', () => {
  it('shows only the official’s own area', async () => {
    const facilities = rowsOf<{ name: string; state: string; lga: string }>(
      await t.database.db.execute(sql`select f.facility_name as name, s.name as state, l.name as lga
                                      from facilities f join states s on s.id = f.state_id join lgas l on l.id = f.lga_id`),
    );
    const inLagos = new Set(['Lagos', ...facilities.filter((f) => f.state === 'Lagos').flatMap((f) => [f.lga, f.name])]);
    const inIkeja = new Set(['Ikeja', ...facilities.filter((f) => f.lga === 'Ikeja').map((f) => f.name)]);
    const paths = [
      ...['malaria', 'hiv', 'tb', 'covid', 'lassa'].map((d) => `/api/tier_general_program_dashboard/?disease=${d}&start_date=${addDays(today, -364)}`),
      `/api/tier_general_order_dashboard/?start_date=${addDays(today, -364)}`,
    ];
    for (const [user, allowed] of [
      ['lagos_tier', inLagos],
      ['ikeja_tier', inIkeja],
    ] as const) {
      for (const path of paths) {
        const body = (await get(user, path)).json();
        expect(allowed.has(body.area.name), `${user} ${path} area`).toBe(true);
        for (const row of body.by_area) expect(allowed.has(row.name), `${user} ${path} ${row.name}`).toBe(true);
      }
      const landing = (await get(user, `/api/global_dashboard/?start_date=${addDays(today, -364)}`)).json();
      for (const row of landing.by_state) expect(row.state_name, user).toBe('Lagos');
      for (const row of landing.latest_positives) expect(allowed.has(row.lga_name), `${user} ${row.lga_name}`).toBe(true);
      const report = (await get(user, '/api/general_order_report/?page_size=100')).json();
      for (const row of report.results) expect(allowed.has(row.facility), `${user} report ${row.facility}`).toBe(true);
    }
  });
});

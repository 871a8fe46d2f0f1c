import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, lagosToday } from '../../../core/period.js';
import { bearer, createTestApp, type TestApp } from '../../../test/harness.js';

/**
 * What the dashboards' figures mean: positivity against its base (the tests with a positive or negative
 * reading, never a haemoglobin), turnaround shorter than a day, and small counts that no other figure of
 * the page, of another official's page or of an export gives back. Each rule's results lie on a day of
 * their own, long before the demo's, and each query asks for that day only.
 */
let t: TestApp;
const today = lagosToday();
const DAY = { reading: 400, tat: 450, hiv: 500, malaria: 550 } as const;
const on = (daysAgo: number) => `start_date=${addDays(today, -daysAgo)}&end_date=${addDays(today, -daysAgo)}`;

/**
 * `n` released results of a test at a facility collected `daysAgo` days ago (Lagos noon), received `receiveMin`
 * minutes later and approved `releaseMin` minutes after that; a number goes in `value_numeric`.
 */
async function released(
  facilityCode: string,
  program: string,
  testCode: string,
  value: string | number,
  n: number,
  daysAgo: number,
  receiveMin = 1440,
  releaseMin = 2880,
) {
  const collected = `${addDays(today, -daysAgo)}T11:00:00Z`;
  const text = typeof value === 'string' ? value : null;
  const numeric = typeof value === 'number' ? value : null;
  await t.database.db.execute(sql`
    with f as (select id from facilities where facility_code = ${facilityCode}),
    p as (select id from programs where name = ${program}),
    tt as (select id from test_types where code = ${testCode}),
    c as (insert into clients (facility_id, first_name, last_name, sex) select f.id, 'Fig', 'Test', 'female' from f, generate_series(1, ${n}) returning id, facility_id),
    o as (insert into orders (facility_id, program_id, client_id, lab_number) select c.facility_id, p.id, c.id, 'FIG-' || c.id from c, p returning id, facility_id, program_id, lab_number),
    s as (insert into samples (order_id, facility_id, program_id, seq, barcode, status, collected_at, received_at)
          select o.id, o.facility_id, o.program_id, 1, o.lab_number, 11, ${collected}::timestamptz, ${collected}::timestamptz + make_interval(mins => ${receiveMin}::int)
          from o returning id, order_id, facility_id, program_id),
    x as (insert into test_orders (order_id, sample_id, facility_id, program_id, test_type_id, status)
          select s.order_id, s.id, s.facility_id, s.program_id, tt.id, 7 from s, tt returning id, facility_id)
    insert into results (test_order_id, facility_id, status, value_text, value_numeric, entered_by, approved_at)
    select x.id, x.facility_id, 7, ${text}, ${numeric}::numeric, (select min(id) from users),
           ${collected}::timestamptz + make_interval(mins => ${receiveMin + releaseMin}::int) from x`);
}

beforeAll(async () => {
  t = await createTestApp();
  // Ikeja's General tests of one day: 2 malaria positives and 9 negatives among 64 tests, the rest haemoglobins
  // and genotypes (a number, and a coded value that finds nothing).
  await released('LA-IKJ-001', 'General', 'MAL-RDT', 'POSITIVE', 2, DAY.reading);
  await released('LA-IKJ-001', 'General', 'MAL-RDT', 'NEGATIVE', 9, DAY.reading);
  await released('LA-IKJ-001', 'General', 'FBC-HB', 12.5, 40, DAY.reading);
  await released('LA-IKJ-001', 'General', 'HB-GENOTYPE', 'AA', 13, DAY.reading);
  // Malaria tests received 30 minutes after collection, released 2 hours later.
  await released('LA-IKJ-001', 'General', 'MAL-RDT', 'NEGATIVE', 3, DAY.tat, 30, 120);
  // Ikeja's HIV: 2 screening reactive, 10 non-reactive, 2 confirmed.
  await released('LA-IKJ-001', 'General', 'HIV-RT1', 'REACTIVE', 2, DAY.hiv);
  await released('LA-IKJ-001', 'General', 'HIV-RT1', 'NON-REACTIVE', 10, DAY.hiv);
  await released('LA-IKJ-001', 'General', 'HIV-RT2', 'REACTIVE', 2, DAY.hiv);
  // Lagos's malaria: 4 positives, all in Ikeja; Kano's 30.
  await released('LA-IKJ-001', 'General', 'MAL-RDT', 'POSITIVE', 4, DAY.malaria);
  await released('LA-IKJ-001', 'General', 'MAL-RDT', 'NEGATIVE', 6, DAY.malaria);
  await released('KN-NSW-001', 'General', 'MAL-RDT', 'POSITIVE', 30, DAY.malaria);
  await released('KN-NSW-001', 'General', 'MAL-RDT', 'NEGATIVE', 30, DAY.malaria);
});
afterAll(() => t.close());

const get = async (actor: string, url: string) => t.app.inject({ url, headers: bearer(await t.token(actor)) });
type Row = { positives: number | string | null; negatives: number | string | null; positivity_percent: number | null };

describe('positivity', () => {
  it('counts the tests with a positive or negative reading as its base, never a haemoglobin', async () => {
    const res = await get('clin_supervisor', `/api/tier_general_program_dashboard/?program=General&${on(DAY.reading)}`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.totals).toMatchObject({ tests: 64, with_reading: 11, positives: 2, negatives: 9, positivity_percent: 18.2 });
    const byCode = Object.fromEntries(body.by_test.map((r: { code: string }) => [r.code, r]));
    expect(byCode['MAL-RDT']).toMatchObject({ tests: 11, with_reading: 11, positives: 2, negatives: 9, positivity_percent: 18.2 });
    // A number and a genotype have no reading: no positives, no negatives, no positivity.
    for (const code of ['FBC-HB', 'HB-GENOTYPE'])
      expect(byCode[code], code).toMatchObject({ with_reading: 0, positives: 0, negatives: 0, positivity_percent: null });
  });

  it('exports its base beside it', async () => {
    const csv = await get('clin_supervisor', `/api/tier_general_program_dashboard/?program=General&${on(DAY.reading)}&format=csv&table=tiles`);
    expect(csv.statusCode).toBe(200);
    const [head, row] = csv.body.split('\r\n');
    const cells = Object.fromEntries(head!.split(',').map((k, i) => [k, row!.split(',')[i + 0]]));
    expect(cells).toMatchObject({ tests: '64', with_reading: '11', positives: '2', negatives: '9', positivity_percent: '18.2' });
  });
});

describe('turnaround', () => {
  it('gives the minutes of a leg shorter than a day, beside the days', async () => {
    const body = (await get('clin_supervisor', `/api/tier_general_program_dashboard/?program=General&${on(DAY.tat)}`)).json();
    expect(body.turnaround).toMatchObject({
      released: 3,
      collection_to_receipt_minutes: 30,
      receipt_to_release_minutes: 120,
      collection_to_release_minutes: 150,
      collection_to_release_days: 0.1,
    });
  });
});

describe('small counts', () => {
  it('hide the negatives beside a suppressed count, so tests less negatives less invalid gives nothing', async () => {
    const body = (await get('ikeja_tier', `/api/tier_general_program_dashboard/?disease=hiv&${on(DAY.hiv)}`)).json();
    expect(body.totals).toMatchObject({ tests: 12, with_reading: 12, positives: null, negatives: 'withheld', invalid: 0, positivity_percent: null });
    // every row of the page: a hidden count takes its negatives and positivity with it
    for (const r of [...body.series, ...body.by_area, ...body.by_test] as Row[])
      if (r.positives === null || r.positives === 'withheld') expect(r).toMatchObject({ negatives: 'withheld', positivity_percent: null });
    // and so do the exports of the same figures
    for (const table of ['tiles', 'by_area', 'by_test', 'series']) {
      const csv = await get('ikeja_tier', `/api/tier_general_program_dashboard/?disease=hiv&${on(DAY.hiv)}&format=csv&table=${table}`);
      expect(csv.statusCode, table).toBe(200);
      expect(csv.body, table).not.toMatch(/,2,10,0,/);
    }
    const tiles = await get('ikeja_tier', `/api/tier_general_program_dashboard/?disease=hiv&${on(DAY.hiv)}&format=csv&table=tiles`);
    expect(tiles.body.split('\r\n')[1]).toMatch(/^Ikeja,12,12,< 5,withheld,0,,/);
    const xlsx = await get('ikeja_tier', `/api/tier_general_program_dashboard/?disease=hiv&${on(DAY.hiv)}&format=xlsx&table=tiles`);
    expect(xlsx.statusCode).toBe(200);
  });

  it('hide a state whose cases all lie in one LGA, on its own page, on the federal page and on the landing', async () => {
    const lagos = (await get('lagos_tier', `/api/tier_general_program_dashboard/?disease=malaria&${on(DAY.malaria)}`)).json();
    expect(lagos.by_area).toEqual([expect.objectContaining({ name: 'Ikeja', positives: null, negatives: 'withheld' })]);
    expect(lagos.totals).toMatchObject({ tests: 10, positives: null, negatives: 'withheld', positivity_percent: null });

    const fed = (await get('fed_tier', `/api/tier_general_program_dashboard/?disease=malaria&${on(DAY.malaria)}`)).json();
    const byState = Object.fromEntries(fed.by_area.map((r: { name: string }) => [r.name, r]));
    expect(byState.Lagos).toMatchObject({ tests: 10, positives: null, negatives: 'withheld' });
    // The nation's 34 less Kano's would give Lagos's back: Kano is withheld with it (not "< 5": it is not small).
    expect(fed.totals.positives).toBe(34);
    expect(byState.Kano).toMatchObject({ tests: 60, positives: 'withheld', negatives: 'withheld' });
    // Kano's own page shows the same cell.
    const kanoState = byState.Kano.id;
    const kano = (await get('fed_tier', `/api/tier_general_program_dashboard/?disease=malaria&states=${kanoState}&${on(DAY.malaria)}`)).json();
    expect(kano.totals.positives).toBe('withheld');

    const landing = (await get('fed_tier', `/api/global_dashboard/?${on(DAY.malaria)}`)).json();
    const malaria = landing.by_state.filter((r: { disease: string }) => r.disease === 'malaria');
    expect(malaria.find((r: { state_name: string }) => r.state_name === 'Lagos')).toMatchObject({ positives: null, negatives: 'withheld' });
    expect(malaria.find((r: { state_name: string }) => r.state_name === 'Kano')).toMatchObject({ positives: 'withheld' });
    const lagosLanding = (await get('lagos_tier', `/api/global_dashboard/?${on(DAY.malaria)}`)).json();
    expect(lagosLanding.tiles.find((r: { disease: string }) => r.disease === 'malaria')).toMatchObject({ positives: null, negatives: 'withheld' });

    // The exports write them as the pages show them.
    const csv = await get('fed_tier', `/api/tier_general_program_dashboard/?disease=malaria&${on(DAY.malaria)}&format=csv&table=by_area`);
    expect(csv.body).toContain('Lagos,10,10,< 5,withheld,');
    expect(csv.body).toContain('Kano,60,60,withheld,withheld,');
    const state = await get('fed_tier', `/api/global_dashboard/?${on(DAY.malaria)}&format=csv&table=by_state`);
    expect(state.body).toContain('Lagos,malaria,10,10,< 5,withheld,');
  });

  it('are shown in full to the super admin', async () => {
    const fed = (await get('superadmin', `/api/tier_general_program_dashboard/?disease=malaria&${on(DAY.malaria)}`)).json();
    expect(fed.by_area.map((r: { name: string; positives: number }) => [r.name, r.positives])).toEqual([
      ['Kano', 30],
      ['Lagos', 4],
    ]);
  });
});

describe('the referral panel', () => {
  it('follows the page’s disease: its programmes’ shipments only, none for malaria', async () => {
    const all = (await get('fed_tier', '/api/referral_dashboard/')).json();
    const tb = (await get('fed_tier', '/api/referral_dashboard/?disease=tb')).json();
    const malaria = (await get('fed_tier', '/api/referral_dashboard/?disease=malaria')).json();
    const hiv = (await get('fed_tier', '/api/referral_dashboard/?disease=hiv')).json();
    // The demo's shipments carry tuberculosis samples, Mushin to Yaba.
    expect(tb.shipments.total).toBe(all.shipments.total);
    expect(malaria.shipments).toMatchObject({ total: 0, overdue: 0 });
    expect(malaria.samples.referred).toBe(0);
    expect(hiv.shipments.total).toBe(0);
    const bad = await get('fed_tier', '/api/referral_dashboard/?program=Nothing');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toHaveProperty('program');
    expect((await get('fed_tier', '/api/referral_dashboard/?disease=plague')).json()).toHaveProperty('disease');
  });
});

import { diseaseTestsOf, phFlag, PH_POSITIVE_RESULTS, requestFormOf } from '@nlims/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness.js';
import { DEMO_HISTORY_PREFIX, generateClinicalData, seedDemoHistory } from './history.js';
import { rowsOf } from '../core/db.js';

describe('the demo history', () => {
  let t: TestApp;
  const rows = async <T>(query: ReturnType<typeof sql>) => rowsOf<T>(await t.database.db.execute(query));
  // The generated rows: orders carrying the history's lab-number prefix.
  const generated = sql`(select * from orders where starts_with(lab_number, ${DEMO_HISTORY_PREFIX}))`;
  let added: boolean;
  beforeAll(async () => {
    t = await createTestApp();
    added = await seedDemoHistory(t.database.db);
  });
  afterAll(() => t.close());

  it('is not in the seeded test database, and adds a few hundred samples', async () => {
    expect(added).toBe(true);
    const [{ samples }] = (await rows<{ samples: number }>(sql`select count(*)::int as samples from samples s join ${generated} o on o.id = s.order_id`)) as [
      { samples: number },
    ];
    expect(samples).toBe(500);
  });

  it('holds released results in five states, the programmes the demo facilities run and every month of the last year', async () => {
    const [spread] = await rows<{ states: number; programmes: number; months: number; facilities: number; ikeja: number }>(sql`
      select count(distinct f.state_id)::int as states, count(distinct t.program_id)::int as programmes,
             count(distinct to_char(r.approved_at, 'YYYY-MM'))::int as months, count(distinct f.id)::int as facilities,
             count(distinct f.id) filter (where l.name = 'Ikeja')::int as ikeja
      from results r join test_orders t on t.id = r.test_order_id join ${generated} o on o.id = t.order_id
      join facilities f on f.id = t.facility_id join lgas l on l.id = f.lga_id
      where r.status = 7`);
    expect(spread!.states).toBeGreaterThanOrEqual(5);
    expect(spread!.programmes).toBeGreaterThanOrEqual(6);
    expect(spread!.months).toBeGreaterThanOrEqual(10);
    expect(spread!.facilities).toBe(8);
    // the Ikeja LGA's two facilities (its tier user's table by facility)
    expect(spread!.ikeja).toBe(2);
  });

  it('finds malaria and HIV, counted as the tier dashboards count them', async () => {
    const positives = async (disease: 'malaria' | 'hiv') => {
      const arms = Object.entries(diseaseTestsOf(disease).positive).map(
        ([code, values]) =>
          sql`(c.code = ${code} and r.value_text in (${sql.join(
            values.map((v) => sql`${v}`),
            sql`, `,
          )}))`,
      );
      const [row] = await rows<{ n: number }>(sql`
        select count(*)::int as n from results r join test_orders t on t.id = r.test_order_id join test_types c on c.id = t.test_type_id
        join ${generated} o on o.id = t.order_id where r.status = 7 and (${sql.join(arms, sql` or `)})`);
      return row!.n;
    };
    expect(await positives('malaria')).toBeGreaterThan(0);
    expect(await positives('hiv')).toBeGreaterThan(0);
    // HIV test 2 only after a reactive test 1
    const unjustified = await rows(sql`
      select 1 from test_orders t join test_types c on c.id = t.test_type_id join ${generated} o on o.id = t.order_id
      where c.code = 'HIV-RT2' and not exists (
        select 1 from test_orders t1 join test_types c1 on c1.id = t1.test_type_id join results r1 on r1.test_order_id = t1.id
        where t1.sample_id = t.sample_id and c1.code = 'HIV-RT1' and r1.value_text = 'REACTIVE')`);
    expect(unjustified).toEqual([]);
  });

  it('is finished: nothing in a laboratory working list, every sample released or rejected', async () => {
    const open = await rows<{ status: number; n: number }>(sql`
      select t.status, count(*)::int as n from test_orders t join ${generated} o on o.id = t.order_id
      where t.status in (1, 2, 3, 5, 6, 8, 9) group by 1`);
    expect(open).toEqual([]);
    const samples = await rows<{ status: number }>(sql`select distinct s.status from samples s join ${generated} o on o.id = s.order_id order by 1`);
    expect(samples.map((s) => s.status)).toEqual([4, 11]);
    // a week ago at the latest
    const [newest] = await rows<{ days: number }>(sql`select extract(day from now() - max(created_at))::int as days from ${generated} o`);
    expect(newest!.days).toBeGreaterThanOrEqual(7);
  });

  it('records catalogue codes, with the flags the programmes give positives', async () => {
    const off = await rows<{ code: string; value: string }>(sql`
      select c.code, r.value_text as value from results r join test_orders t on t.id = r.test_order_id join test_types c on c.id = t.test_type_id
      join ${generated} o on o.id = t.order_id where r.value_text is not null and not (c.codes ? r.value_text)`);
    expect(off).toEqual([]);
    const ph = await rows<{ code: string; value: string; flag: string | null }>(sql`
      select c.code, r.value_text as value, r.flag from results r join test_orders t on t.id = r.test_order_id join test_types c on c.id = t.test_type_id
      join ${generated} o on o.id = t.order_id where c.code in (${sql.join(
        Object.keys(PH_POSITIVE_RESULTS).map((c) => sql`${c}`),
        sql`, `,
      )})`);
    expect(ph.length).toBeGreaterThan(0);
    for (const r of ph) expect(r.flag).toBe(phFlag(r.code, r.value));
    expect(ph.some((r) => r.flag)).toBe(true);
  });

  it('carries request forms valid against their programme schema', async () => {
    const forms = await rows<{ program: string; form: Record<string, unknown> }>(sql`
      select p.name as program, o.form from ${generated} o join programs p on p.id = o.program_id where p.name <> 'General'`);
    expect(new Set(forms.map((f) => f.program)).size).toBeGreaterThanOrEqual(5);
    for (const f of forms) expect(requestFormOf(f.program).safeParse(f.form).success, `${f.program}: ${JSON.stringify(f.form)}`).toBe(true);
  });

  it('is added once', async () => {
    const count = async () => (await rows<{ n: number }>(sql`select count(*)::int as n from test_orders`))[0]!.n;
    const before = await count();
    expect(await seedDemoHistory(t.database.db)).toBe(false);
    expect(await count()).toBe(before);
  });
});

describe('the benchmark volume', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('spans two years and five states, the last week still in flight', async () => {
    await generateClinicalData(t.database.db, { samples: 2000, clients: 1000, vacuum: false }, () => {});
    const [row] = rowsOf<{ samples: number; states: number; oldest: number; open: number; finishedOld: boolean }>(
      await t.database.db.execute(sql`
        select count(*)::int as samples, count(distinct f.state_id)::int as states, extract(day from now() - min(s.created_at))::int as oldest,
               count(*) filter (where s.status not in (4, 11))::int as open,
               bool_and(s.status in (4, 11)) filter (where s.created_at < now() - interval '8 days') as "finishedOld"
        from samples s join orders o on o.id = s.order_id join facilities f on f.id = s.facility_id where starts_with(o.lab_number, 'B-')`),
    );
    expect(row!.samples).toBe(2000);
    expect(row!.states).toBe(5);
    expect(row!.oldest).toBeGreaterThan(700);
    expect(row!.open).toBeGreaterThan(0);
    expect(row!.finishedOld).toBe(true);
  });
});

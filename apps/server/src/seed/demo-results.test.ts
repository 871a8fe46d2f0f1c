import { EPID_PATTERN, rulesOf, wireValue } from '@nlims/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../core/db.js';
import { NOTIFIED_ACTION, notifiedSql, notifyFlagSql } from '../modules/analytics/ph/ph-query.js';
import { effectiveMeasures } from '../modules/facility-settings/effective-measures.js';
import { ageInDays, flagFor, pickRange, type Range } from '../modules/results/flags.js';
import { sampleResultsOf } from '../modules/samples/sample-results.js';
import { createTestApp, type TestApp } from '../test/harness.js';
import { DEMO_HISTORY_PREFIX } from './history.js';
import { seed } from './index.js';

interface NumericRow {
  id: number;
  facility_id: number;
  status: number;
  value: number | null;
  value_text: string | null;
  unit: string;
  flag: string | null;
  ref_low: number | null;
  ref_high: number | null;
  entered_at: string;
  test: number;
  code: string;
  test_unit: string;
  program: string;
  sex: string;
  date_of_birth: string | null;
  sample_id: number;
  lab_number: string;
}

/**
 * The whole demo database (`npm start` on a fresh database: the demo, its history, the billing week, the instruments,
 * the outbox), read as a laboratory's auditor would: every result as entry would have written it, nothing of the
 * history on a working list, each case its own EPID number.
 */
describe('the demo database’s results', () => {
  let t: TestApp;
  const rows = async <T>(query: ReturnType<typeof sql>) => rowsOf<T>(await t.database.db.execute(query));
  const history = sql`(select id from orders where starts_with(lab_number, ${DEMO_HISTORY_PREFIX}))`;
  beforeAll(async () => {
    t = await createTestApp();
    await seed(t.database.db, { demo: true });
  }, 600_000);
  afterAll(() => t.close());

  it('stores every number with the unit, range and flag its test and facility define for the client’s sex and age', async () => {
    const numeric = await rows<NumericRow>(sql`
      select r.id, r.facility_id, r.status, r.value_numeric::float as value, r.value_text, r.unit, r.flag, r.ref_low::float as ref_low,
             r.ref_high::float as ref_high, r.entered_at, c.id as test, c.code, c.unit as test_unit, p.name as program, cl.sex, cl.date_of_birth,
             t.sample_id, o.lab_number
      from results r join test_orders t on t.id = r.test_order_id join test_types c on c.id = t.test_type_id join programs p on p.id = t.program_id
      join orders o on o.id = t.order_id join clients cl on cl.id = o.client_id
      where c.result_type = 'numeric' order by r.id`);
    expect(numeric.filter((r) => r.status === 7).length).toBeGreaterThan(300);
    const ranges = new Map<string, Range[]>();
    for (const facility of new Set(numeric.map((r) => r.facility_id))) {
      const tests = [...new Set(numeric.filter((r) => r.facility_id === facility).map((r) => r.test))];
      for (const m of await effectiveMeasures(t.database.db, facility, tests)) ranges.set(`${facility}:${m.test_type}`, m.ranges);
    }
    const samples = await sampleResultsOf(
      t.database.db as never,
      numeric.map((r) => r.sample_id),
    );
    const wrong: string[] = [];
    for (const r of numeric) {
      const range = pickRange(ranges.get(`${r.facility_id}:${r.test}`) ?? [], r.sex, ageInDays(r.date_of_birth, new Date(r.entered_at)));
      let flag: string | null = null;
      if (r.value != null) {
        const plain = flagFor(r.value, range);
        if (r.value_text === '<') flag = plain === 'L' || plain === 'LL' ? plain : null;
        else if (r.value_text === '>') flag = plain === 'H' || plain === 'HH' ? plain : null;
        else flag = plain;
      }
      flag = rulesOf(r.program).flag?.(r.code, wireValue(r.value, r.value_text), samples.get(r.sample_id) ?? []) || flag;
      const expected = { unit: range?.unit || r.test_unit, ref_low: range?.low ?? null, ref_high: range?.high ?? null, flag };
      const stored = { unit: r.unit, ref_low: r.ref_low, ref_high: r.ref_high, flag: r.flag };
      if (JSON.stringify(expected) !== JSON.stringify(stored))
        wrong.push(`${r.lab_number} ${r.code} ${r.value}: stored ${JSON.stringify(stored)}, entry gives ${JSON.stringify(expected)}`);
    }
    expect(wrong.slice(0, 10)).toEqual([]);
  });

  it('gives the history realistic numbers: mostly within the range, some abnormal, a few critical', async () => {
    const [spread] = await rows<{ n: number; normal: number; abnormal: number; critical: number; units: number }>(sql`
      select count(*)::int as n, count(*) filter (where r.flag is null)::int as normal, count(*) filter (where r.flag in ('L', 'H'))::int as abnormal,
             count(*) filter (where r.flag in ('LL', 'HH'))::int as critical, count(*) filter (where r.unit <> '')::int as units
      from results r join test_orders t on t.id = r.test_order_id join test_types c on c.id = t.test_type_id
      where t.order_id in ${history} and c.result_type = 'numeric' and t.program_id = (select id from programs where name = 'General') and r.status = 7`);
    expect(spread!.normal / spread!.n).toBeGreaterThan(0.6);
    expect(spread!.abnormal / spread!.n).toBeGreaterThan(0.05);
    expect(spread!.critical).toBeGreaterThan(0);
    expect(spread!.critical / spread!.n).toBeLessThan(0.1);
    expect(spread!.units).toBe(spread!.n);
    // a critical value raised its alert, acknowledged long since
    const open = await rows(sql`
      select a.id from critical_alerts a join samples s on s.id = a.sample_id where s.order_id in ${history} and a.acknowledged_at is null`);
    expect(open).toEqual([]);
    const [alerts] = await rows<{ missing: number }>(sql`
      select count(*)::int as missing from results r join test_orders t on t.id = r.test_order_id
      where r.flag in ('LL', 'HH') and not exists (select 1 from critical_alerts a where a.result_id = r.id)`);
    expect(alerts!.missing).toBe(0);
  });

  it('carries the method its test declares on every released result', async () => {
    const missing = await rows<{ lab_number: string; code: string }>(sql`
      select o.lab_number, c.code from results r join test_orders t on t.id = r.test_order_id join test_types c on c.id = t.test_type_id
      join orders o on o.id = t.order_id
      where r.status = 7 and exists (select 1 from test_type_methods m where m.test_type_id = c.id)
        and (r.method_id is null or not exists (select 1 from test_type_methods m where m.test_type_id = c.id and m.method_id = r.method_id))
      limit 10`);
    expect(missing).toEqual([]);
  });

  it('spreads the clients’ ages: infants for EID, children, adults and the elderly', async () => {
    const [ages] = await rows<{ clients: number; infants: number; children: number; adults: number; elderly: number; commonest: number }>(sql`
      select count(*)::int as clients,
             count(*) filter (where a < 1)::int as infants, count(*) filter (where a between 1 and 17)::int as children,
             count(*) filter (where a between 18 and 64)::int as adults, count(*) filter (where a >= 65)::int as elderly,
             (select max(n) from (select count(*)::int as n from clients group by extract(year from date_of_birth)) y) as commonest
      from (select extract(year from age(now(), date_of_birth))::int as a from clients) x`);
    expect(ages!.infants).toBeGreaterThan(0);
    expect(ages!.children).toBeGreaterThan(0);
    expect(ages!.elderly).toBeGreaterThan(0);
    expect(ages!.adults).toBeGreaterThan(ages!.clients / 2);
    expect(ages!.commonest).toBeLessThan(ages!.clients / 10);
    // an EID test is an infant's: six weeks to eighteen months old when ordered
    const eid = await rows<{ days: number }>(sql`
      select (o.created_at::date - cl.date_of_birth) as days from orders o join clients cl on cl.id = o.client_id
      join programs p on p.id = o.program_id where p.name = 'EID'`);
    expect(eid.length).toBeGreaterThan(0);
    for (const e of eid) expect(e.days).toBeLessThanOrEqual(548);
  });

  it('leaves nothing of the history on a working list', async () => {
    const open = await rows(sql`
      select t.status, count(*)::int as n from test_orders t where t.order_id in ${history} and t.status in (1, 2, 3, 5, 6, 8, 9) group by 1`);
    expect(open).toEqual([]);
    const samples = await rows(sql`select distinct s.status from samples s where s.order_id in ${history} and s.status not in (4, 11)`);
    expect(samples).toEqual([]);
    // the public-health programmes' "to notify": every case of the history notified
    const toNotify = await rows<{ barcode: string }>(sql`
      select s.barcode from samples s where s.order_id in ${history} and not ${notifiedSql('s')}
        and exists (select 1 from test_orders t join results r on r.test_order_id = t.id and r.current
                    where t.sample_id = s.id and r.status in (6, 7) and ${notifyFlagSql('r')})`);
    expect(toNotify).toEqual([]);
    const [notified] = await rows<{ n: number }>(sql`
      select count(*)::int as n from audit_events a join samples s on a.entity_id = s.id::text
      where a.entity = 'sample' and a.action = ${NOTIFIED_ACTION} and s.order_id in ${history}`);
    expect(notified!.n).toBeGreaterThan(0);
    // the API's list agrees
    const res = await t.app.inject({
      url: '/api/public_health_notify/?page_size=100',
      headers: { authorization: `Bearer ${await t.token('ph_supervisor')}` },
    });
    expect(res.statusCode).toBe(200);
    const list = res.json() as { results: { lab_number: string }[] };
    expect(list.results.filter((r) => r.lab_number.startsWith(DEMO_HISTORY_PREFIX))).toEqual([]);
  });

  it('gives each case its own EPID number, in the SORMAS form', async () => {
    const epids = await rows<{ epid: string; n: number }>(sql`
      select o.form->>'epid_number' as epid, count(*)::int as n from orders o where coalesce(o.form->>'epid_number', '') <> '' group by 1`);
    expect(epids.length).toBeGreaterThan(10);
    expect(epids.filter((e) => e.n > 1)).toEqual([]);
    for (const e of epids) expect(e.epid).toMatch(new RegExp(EPID_PATTERN.source));
  });

  it('names, in a non-conformity report about a sample, a sample of the kind the report is about', async () => {
    const linked = await rows<{ title: string; type: string }>(sql`
      select r.title, st.name as type from ncr_reports r join ncr_samples x on x.report_id = r.id join samples s on s.id = x.sample_id
      join sample_types st on st.id = s.sample_type_id`);
    for (const l of linked) if (/sputum/i.test(l.title)) expect(l.type).toBe('Sputum');
    expect(linked.some((l) => /sputum/i.test(l.title))).toBe(true);
  });
});

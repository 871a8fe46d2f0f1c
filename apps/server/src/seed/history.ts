/**
 * A laboratory history, generated set-based in the database (one INSERT …
 * SELECT or UPDATE per step, never a row at a time): clients, and orders
 * holding samples holding tests with results, at the demo facilities, in the
 * shape of migration 0016 (orders → samples → test_orders → results). The
 * demo seeds a few hundred samples of it (`seedDemoHistory`); the sample
 * benchmark (scripts/bench-samples.ts) a million.
 *
 * - Each programme at the demo facilities that run it (facility_programs),
 *   its results entered by the facility's own analyst and approved by its own
 *   supervisor in that programme (another facility's when it has none).
 * - General: one sample per order, two (whole blood, then serum) on a share
 *   of orders, each with numeric tests that run on its type; whole-blood
 *   samples also carry the malaria RDT and/or microscopy, and a share of
 *   orders the HIV serial rapid test (test 1; test 2 only after a reactive
 *   test 1), coded from the catalogue's vocabularies.
 * - Tuberculosis: the presumptive-TB request form, an Xpert MTB/RIF run (its
 *   two members), the RR-TB flag the programme's rule gives RIF resistance.
 * - EID, viral load and the public-health programmes (`HISTORY_PROGRAMMES`):
 *   one sample per order of the specimen its request form names (else the
 *   test's first sample type), the test (a panel's members, or the test
 *   itself), a request form drawn from the programme's declared form
 *   (contracts' FormSpec) and checked with its schema, coded values in
 *   plausible proportions (`CODED_VALUES`) and the flags the programme's rules
 *   give them; a PCR's Ct members closed when the result settles them as not
 *   applying (NOT DETECTED, INVALID).
 * - Every result as entry would have stored it: a number drawn around the
 *   range in force for the facility and the client's sex and age, with its
 *   unit, range and flag (history-values.ts, through the entry path's own
 *   check), the test's first declared method; a critical value's alert
 *   (acknowledged once the sample is finished). Clients of every age, EID's
 *   infants their own; each public-health case its own EPID number, and a
 *   finished notifiable case already notified.
 *
 * Orders fall between `toDaysAgo` and `fromDaysAgo` days ago. Samples older
 * than a week are finished (results released, 2 % rejected); those of the
 * last week are spread over every status still in flight — so a span that
 * ends more than a week ago adds nothing to a laboratory's working lists.
 * The values are drawn from each row's position among the generated rows, so
 * the same volume gives the same data. The running counts (`status_counts`)
 * are kept by the tables' statement triggers during the inserts; they are
 * checked against count(*) at the end and rebuilt if they disagree.
 */
import { sql, type SQL } from 'drizzle-orm';
import {
  type FormSpec,
  fieldAsked,
  PH_SPECIMEN_SAMPLE_TYPES,
  RESULT_STATUS as R,
  requestFormOf,
  requestFormSpecOf,
  rulesOf,
  todayInNigeria,
} from '@nlims/contracts';
import { rowsOf, type Db, type Tx } from '../core/db.js';
import { NOTIFIED_ACTION, notifyFlagSql } from '../modules/analytics/ph/ph-query.js';
import { recordAudits } from '../modules/audit/audit.service.js';
import { DEMO_FACILITIES } from './demo.js';
import { EID_HISTORY } from './eid/history.js';
import { GENERAL_HISTORY, generalCodedTests } from './general/history.js';
import { draw, type FamilyHistory, type HistoryProgramme, int, pick, text, type Weighted } from './history-kit.js';
import { PH_HISTORY } from './ph/history.js';
import { checkTbForms, tbOrderForm, tbSampleType, xpertValues } from './tb/history.js';
import { VL_HISTORY } from './vl/history.js';
import { DRAWS, numericDraws } from './history-values.js';

/** Each family's part of the history (its folder's history.ts), in the order their lab numbers and salts follow. */
const FAMILY_HISTORIES: readonly FamilyHistory[] = [GENERAL_HISTORY, EID_HISTORY, VL_HISTORY, PH_HISTORY];

/** The programmes besides General and Tuberculosis, generated from their declared request forms. */
export const HISTORY_PROGRAMMES: readonly HistoryProgramme[] = FAMILY_HISTORIES.flatMap((f) => f.programmes);

/** Coded results: per-mille share of each value, by catalogue code (checked against the catalogue's codes). */
export const CODED_VALUES: Readonly<Record<string, Weighted>> = Object.assign({}, ...FAMILY_HISTORIES.map((f) => f.values));

export interface Volume {
  /** Samples to generate (every programme together). */
  samples: number;
  clients: number;
  /** The orders' span, in days before now: from `toDaysAgo` (oldest, default 730) to `fromDaysAgo` (newest, default 0). */
  fromDaysAgo?: number;
  toDaysAgo?: number;
  /** Lab numbers: this prefix and eight digits; default "B-". */
  labPrefix?: string;
  /** Share of the samples that are Tuberculosis (at the facilities that run it); default 0.15. */
  tbShare?: number;
  /** Share of General orders with a second sample; default 0.1. */
  twoSampleShare?: number;
  /** Numeric tests on each General sample; default 3. */
  testsPerSample?: number;
  /** Share of General orders with the HIV rapid test; default 0.2. */
  hivShare?: number;
  /** At least this many orders of each programme besides General and Tuberculosis (shared by its tests); default 0. */
  minOrdersPerProgramme?: number;
  /** The demo facilities it is spread over (codes); default every one of DEMO_FACILITIES. */
  facilityCodes?: readonly string[];
  /** VACUUM ANALYZE at the end (not inside a transaction); default true. */
  vacuum?: boolean;
}

/** A small deterministic generator (mulberry32), so the same seed gives the same form. */
function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * A plausible answered request form from a programme's declaration: each asked field (its condition holding on the
 * answers so far) answered — an optional one seven times in ten — with a choice, a few checklist items, the pattern's
 * example, a date of the last two years, a number in range or yes/no; then checked with the programme's schema.
 */
export function sampleForm(program: string, spec: FormSpec, seed: number): Record<string, unknown> {
  const rnd = seeded(seed);
  const form: Record<string, unknown> = {};
  const today = Date.parse(`${todayInNigeria()}T00:00:00Z`);
  for (const f of spec.fields) {
    if (!fieldAsked(spec, f.name, form) || (!f.required && rnd() < 0.3)) continue;
    const pickOne = <T>(xs: readonly T[]) => xs[Math.floor(rnd() * xs.length)]!;
    switch (f.kind) {
      case 'choice':
        form[f.name] = pickOne(f.choices).value;
        break;
      case 'choices':
        form[f.name] = f.choices.filter(() => rnd() < 0.3).map((c) => c.value);
        break;
      case 'text':
        form[f.name] = f.pattern ? f.pattern.example : `T-${seed}-${f.name.length}`.slice(0, f.max);
        break;
      case 'date':
        form[f.name] = new Date(today - Math.floor(rnd() * 730) * 86_400_000).toISOString().slice(0, 10);
        break;
      case 'number':
        form[f.name] = f.integer
          ? Math.floor(f.min + rnd() * Math.min(f.max - f.min, 1000))
          : Number((f.min + rnd() * Math.min(f.max - f.min, 1000)).toFixed(1));
        break;
      case 'boolean':
        form[f.name] = rnd() < 0.5;
        break;
    }
  }
  return requestFormOf(program).parse(form);
}

export async function generateClinicalData(db: Db | Tx, v: Volume, log: (s: string) => void): Promise<void> {
  const tbShare = v.tbShare ?? 0.15;
  const twoShare = v.twoSampleShare ?? 0.1;
  const perSample = v.testsPerSample ?? 3;
  const hivShare = v.hivShare ?? 0.2;
  const prefix = v.labPrefix ?? 'B-';
  const fromDays = v.fromDaysAgo ?? 0;
  const toDays = v.toDaysAgo ?? 730;
  if (!(toDays > fromDays && fromDays >= 0)) throw new Error('The span must end (fromDaysAgo) after it starts (toDaysAgo)');
  const codes = v.facilityCodes ?? Object.values(DEMO_FACILITIES).map((f) => f.code);
  const step = async (label: string, statement: SQL) => {
    const t0 = performance.now();
    const result = (await db.execute(statement)) as unknown as { rowCount?: number | null; affectedRows?: number };
    const n = result.rowCount ?? result.affectedRows;
    log(`  ${label}: ${((performance.now() - t0) / 1000).toFixed(1)} s${n ? ` (${n.toLocaleString()} rows)` : ''}`);
  };
  const one = async <T>(q: SQL) => rowsOf<T>(await db.execute(q))[0]!;

  // One instant for every statement, so a sample near the one-week line is finished (or not) in all of them.
  const now = sql`${new Date().toISOString()}::timestamptz`;
  const weekAgo = sql`(${now} - interval '7 days')`;
  const ids = await one<{ general: number; tb: number; clients: number; orders: number; samples: number; tests: number }>(sql`
    select (select id from programs where name = 'General') as general, (select id from programs where name = 'Tuberculosis') as tb,
           (select coalesce(max(id), 0) from clients)::int as clients, (select coalesce(max(id), 0) from orders)::int as orders,
           (select coalesce(max(id), 0) from samples)::int as samples, (select coalesce(max(id), 0) from test_orders)::int as tests`);
  // The facilities generated at, and each programme's among them.
  const facilityRows = rowsOf<{ id: number; programs: string[] }>(
    await db.execute(sql`select f.id, coalesce(array_agg(p.name order by p.name) filter (where p.name is not null), '{}') as programs
                         from facilities f left join facility_programs fp on fp.facility_id = f.id left join programs p on p.id = fp.program_id
                         where f.facility_code in (${text(codes)}) group by f.id order by f.id`),
  );
  const runBy = (program: string) => facilityRows.filter((f) => f.programs.includes(program)).map((f) => f.id);
  if (!ids.general || !ids.tb || !runBy('General').length)
    throw new Error('The demo facilities and programmes must be seeded first (seed(db, { demo: true }))');
  const general = int(ids.general);
  const tb = int(ids.tb);
  // Only the rows generated here: the rows already there are left as they are.
  const [clientBase, orderBase, sampleBase, testBase] = [ids.clients, ids.orders, ids.samples, ids.tests].map(int);
  // A generated sample's position (1, 2, …): what its values are drawn from.
  const nOf = (sampleId: SQL) => sql`(${sampleId} - ${sampleBase})`;
  const lab = (g: SQL) => sql`${prefix} || lpad((${g})::text, 8, '0')`;
  const labG = (labNumber: SQL) => sql`substr(${labNumber}, ${int(prefix.length + 1)})::int`;

  // The catalogue: every test generated, by code (id, result type, codes, panel, first sample type).
  interface CatalogueRow {
    id: number;
    code: string;
    result_type: string;
    codes: string[];
    panel_id: number | null;
    is_panel: boolean;
    unit: string;
    reporting_low: number | null;
    reporting_high: number | null;
    sample_type: number | null;
  }
  const catalogue = new Map(
    rowsOf<CatalogueRow>(
      await db.execute(sql`select t.id, t.code, t.result_type, t.codes, t.panel_id, t.is_panel, t.unit, t.reporting_low::float, t.reporting_high::float,
                                  (select min(x.sample_type_id) from test_type_sample_types x where x.test_type_id = t.id) as sample_type
                           from test_types t where t.is_active`),
    ).map((r) => [r.code, r]),
  );
  const test = (code: string) => {
    const t = catalogue.get(code);
    if (!t) throw new Error(`The test ${code} must be in the catalogue`);
    return t;
  };
  const membersOf = (code: string) => {
    const t = test(code);
    return t.is_panel ? [...catalogue.values()].filter((m) => m.panel_id === t.id).sort((a, b) => a.id - b.id) : [t];
  };
  // Every coded value generated must be one of its test's catalogue codes.
  for (const [code, weighted] of Object.entries(CODED_VALUES)) {
    const t = test(code);
    for (const [value] of weighted) if (!t.codes.includes(value)) throw new Error(`${value} is not a result of ${code}`);
  }

  // The other programmes: one group of orders per test, at the facilities that run the programme; each order carries
  // one of the programme's generated request forms.
  interface Group {
    program: string;
    programId: number;
    test: CatalogueRow;
    members: CatalogueRow[];
    facilities: number[];
    orders: number;
    forms: Record<string, unknown>[];
    /** Its first lab number's digits; its orders are numbered on from there. */
    first: number;
    /** Its clients are infants, one for each order. */
    infants: boolean;
  }
  const groups: Group[] = [];
  for (const p of HISTORY_PROGRAMMES) {
    const facilities = runBy(p.program);
    const programId = (await one<{ id: number | null }>(sql`select (select id from programs where name = ${p.program}) as id`)).id;
    if (!programId || !facilities.length) {
      log(`  ${p.program}: no facility runs it here; none generated`);
      continue;
    }
    const spec = requestFormSpecOf(p.program);
    const forms = spec ? Array.from({ length: 32 }, (_, i) => sampleForm(p.program, spec, i + 1)) : [{}];
    for (const t of p.tests) {
      const row = test(t.test);
      if (!row.sample_type) throw new Error(`${t.test}: a sample type it takes must be in the catalogue`);
      const members = membersOf(t.test);
      for (const m of members) if (m.result_type === 'coded' && !CODED_VALUES[m.code]) throw new Error(`${m.code}: its values must be in CODED_VALUES`);
      groups.push({
        program: p.program,
        programId,
        test: row,
        members,
        facilities,
        orders: Math.round(Math.max(v.samples * p.share, v.minOrdersPerProgramme ?? 0) * t.share),
        forms,
        first: 0,
        infants: p.infants ?? false,
      });
    }
  }

  // How many of each: TB samples (one per order), General samples, General orders and those of them with a second sample.
  const tbFacilities = runBy('Tuberculosis');
  const tbOrders = tbFacilities.length ? Math.round(v.samples * tbShare) : 0;
  const generalSamples = v.samples - tbOrders - groups.reduce((n, o) => n + o.orders, 0);
  const generalOrders = Math.round(generalSamples / (1 + twoShare));
  const twoSample = generalSamples - generalOrders;
  // Orders with a second sample: those whose (g · P) mod G falls below the count, spread over the span; P prime to G.
  const P = [7919, 7907, 7901].find((p) => generalOrders % p !== 0)!;
  // Lab numbers: General first, then Tuberculosis, then each group.
  let numbered = generalOrders + tbOrders;
  for (const g of groups) {
    g.first = numbered + 1;
    numbered += g.orders;
  }
  log(
    `  plan: ${generalOrders.toLocaleString()} General orders (${twoSample.toLocaleString()} with two samples), ${tbOrders.toLocaleString()} Tuberculosis orders, ${groups.map((o) => `${o.orders.toLocaleString()} ${o.program} (${o.test.code})`).join(', ')}`,
  );

  // A client's first name, surname and sex, drawn from its number g (women's first names at the even places, as g's
  // parity gives the sex).
  const namesOf = (
    g: SQL,
  ) => sql`(array['Amaka','Chidi','Fatima','Dayo','Hauwa','Emeka','Kemi','Garba','Lami','Jide','Ngozi','Musa','Sade','Ola','Zainab','Tunde','Ife','Yusuf','Uche','Bola'])[1 + (${g} % 20)],
               (array['Ade','Olu','Chi','Nwa','Oke','Ibe','Eze','Obi','Uche','Ayo','Femi','Kola','Bab','Dan','Mus','Abu','Sani','Yaro','Ogun','Oso','Aki','Ako','Ifa','Ola','Ode','Aja','Ebe','Ike','Uzo','Ugo'])[1 + ((${g} / 20) % 30)]
                 || (array['yemi','wale','oma','chukwu','kafor','adi','nna','nwosu','gbade','tunde','lade','yinka','banjo','juma','tapha','bakar','diya','kubu','lesi','sanya','ndele','bundu','emi','dipo','kunle','yi','nezer','doro','chendu','onna'])[1 + ((${g} / 600) % 30)],
               case when ${g} % 2 = 0 then 'female' else 'male' end`;
  // A client is born before the span starts: a few infants, children, mostly adults, a fifth over 65 (the draw g).
  const spanStart = sql`(${now} - make_interval(days => ${int(toDays)}))`;
  const bornBefore = (g: SQL, at: SQL) => {
    const band = draw(g, 21, 100);
    const within = (days: number) => draw(g, 22, days);
    return sql`((${at})::date - (case when ${band} < 4 then 30 + ${within(480)} when ${band} < 18 then ${int(2 * 365)} + ${within(16 * 365)}
                                   when ${band} < 81 then ${int(18 * 365)} + ${within(47 * 365)} else ${int(65 * 365)} + ${within(27 * 365)} end)::int)`;
  };

  // Names drawn from 20 first names and 900 surnames (30 stems × 30 endings), so a surname matches
  // about one client in 900, as in a real population rather than one in a handful.
  await step(
    'clients',
    sql`insert into clients (facility_id, first_name, last_name, sex, date_of_birth, phone, created_at)
        select f.id, ${namesOf(sql`g`)},
               ${bornBefore(sql`g`, spanStart)},
               '080' || lpad((g % 100000000)::text, 8, '0'),
               ${spanStart}
        from generate_series(1, ${v.clients}) g
        join (select id, row_number() over (order by id) - 1 as n, count(*) over () as total from facilities where id in (${sql.raw(facilityRows.map((f) => f.id).join(', '))})) f
          on f.n = g % f.total`,
  );
  await step(
    'client identifiers',
    sql`insert into client_identifiers (client_id, facility_id, identifier_type_id, identifier)
        select id, facility_id, (select id from client_identifier_types where name = 'Hospital number'), 'HN-' || id from clients where id > ${clientBase}`,
  );

  // The generated clients of some facilities, numbered; the modulus is a constant so the join is hashed (a per-row
  // count would make it a nested loop over every pair).
  const clientsOf = async (facilities: number[]) => {
    const list = sql`(select id, facility_id from clients where id > ${clientBase} and facility_id in (${sql.raw(facilities.join(', '))}))`;
    const { n } = await one<{ n: number }>(sql`select count(*)::int as n from ${list} c`);
    if (!n) throw new Error('Too few clients for every facility to hold some');
    return { rows: sql`(select id, facility_id, row_number() over (order by id) - 1 as n from ${list} c0)`, count: n };
  };
  // An order's date, spread over the span by its number g.
  const ts = (g: SQL) =>
    sql`(${now} - make_interval(days => ${int(fromDays)}) - (make_interval(days => ${int(toDays - fromDays)}) * ((${g}::bigint * 7919) % 1000003) / 1000003.0))`;
  // Infants, one for each order g of a programme that tests them (EID): six weeks to eighteen months old at the order,
  // numbered so that order g is its own infant's.
  const infantsFor = async (label: string, facilities: number[], count: number, first: number) => {
    const { before } = await one<{ before: number }>(sql`select coalesce(max(id), 0)::int as before from clients`);
    const g = sql`(${int(first - 1)} + g)`;
    await step(
      `${label}: infants`,
      sql`insert into clients (facility_id, first_name, last_name, sex, date_of_birth, phone, created_at)
          select f.id, ${namesOf(g)}, (t.ts)::date - (42 + ${draw(g, 23, 500)})::int, '', t.ts - interval '1 hour'
          from generate_series(1, ${count}) g
          join (select id, row_number() over (order by id) - 1 as n, count(*) over () as total from facilities where id in (${sql.raw(facilities.join(', '))})) f
            on f.n = g % f.total
          cross join lateral (select ${ts(g)} as ts) t
          order by g`,
    );
    await step(
      `${label}: infants' identifiers`,
      sql`insert into client_identifiers (client_id, facility_id, identifier_type_id, identifier)
          select id, facility_id, (select id from client_identifier_types where name = 'Hospital number'), 'HN-' || id from clients where id > ${int(before)}`,
    );
    return { rows: sql`(select id, facility_id, row_number() over (order by id) % ${int(count)} as n from clients c0 where id > ${int(before)})`, count };
  };
  const insertOrders = async (label: string, programId: SQL, facilities: number[], count: number, first: number, form: SQL, infants = false) => {
    const c = infants ? await infantsFor(label, facilities, count, first) : await clientsOf(facilities);
    await step(
      label,
      sql`insert into orders (facility_id, program_id, client_id, lab_number, priority, form, created_at, updated_at)
          select c.facility_id, ${programId}, c.id, ${lab(sql`${int(first - 1)} + g`)}, case when g % 10 = 0 then 'urgent' else 'routine' end,
                 ${form}, t.ts, t.ts
          from generate_series(1, ${count}) g
          join ${c.rows} c on c.n = g % ${c.count}
          cross join lateral (select ${ts(sql`(${int(first - 1)} + g)`)} as ts) t`,
    );
  };
  await insertOrders('orders (General)', general, runBy('General'), generalOrders, 1, sql`'{}'::jsonb`);

  // The presumptive-TB request form, its choices in plausible proportions (tb/history.ts).
  const tbForm = tbOrderForm();
  if (tbOrders) {
    const c = await clientsOf(tbFacilities);
    await step(
      'orders (Tuberculosis)',
      sql`insert into orders (facility_id, program_id, client_id, lab_number, priority, form, created_at, updated_at)
          select c.facility_id, ${tb}, c.id, ${lab(sql`${int(generalOrders)} + g`)}, case when g % 10 = 0 then 'urgent' else 'routine' end,
                 ${tbForm.form},
                 t.ts, t.ts
          from generate_series(1, ${tbOrders}) g
          join ${c.rows} c on c.n = g % ${c.count}
          cross join lateral (select ${ts(sql`(${int(generalOrders)} + g)`)} as ts) t
          ${tbForm.lateral}`,
    );
  }
  for (const o of groups)
    if (o.orders)
      await insertOrders(
        `orders (${o.program}, ${o.test.code})`,
        int(o.programId),
        o.facilities,
        o.orders,
        o.first,
        sql`(${JSON.stringify(o.forms)}::jsonb -> (g % ${o.forms.length})::int)`,
        o.infants,
      );
  // Each case its own EPID number (country-state-LGA-YY-serial): the facility's state and LGA, the order's year, its
  // lab number's digits as the serial (four or more, so none is one the demo's own cases carry).
  await step(
    'EPID numbers',
    sql`update orders o set form = jsonb_set(o.form, '{epid_number}', to_jsonb('NIE-' || x.state || '-' || split_part(f.facility_code, '-', 2) || '-'
                                      || to_char(o.created_at, 'YY') || '-' || lpad(${labG(sql`o.lab_number`)}::text, 4, '0')))
        from facilities f
        join states st on st.id = f.state_id
        cross join lateral (select case st.name ${sql.join(
          Object.entries(EPID_STATE_CODES).map(([name, code]) => sql`when ${name} then ${code}`),
          sql` `,
        )} else upper(left(regexp_replace(st.name, '[^A-Za-z]', '', 'g'), 3)) end as state) x
        where o.id > ${orderBase} and f.id = o.facility_id and o.form ? 'epid_number'`,
  );

  // Samples: one per order, two for some General orders (whole blood, then serum); a TB sample's type follows its
  // specimen; another programme's the specimen its form names when its test takes it, else the test's first type.
  const typeOf = (name: string) => sql`(select id from sample_types where name = ${name})`;
  const tbType = tbSampleType();
  const phSpecimenType = sql`(case o.form->>'specimen' ${sql.join(
    Object.entries(PH_SPECIMEN_SAMPLE_TYPES).map(([spec, type]) => sql`when ${spec} then ${type}`),
    sql` `,
  )} end)`;
  const groupType = (o: Group) =>
    sql`coalesce((select x.sample_type_id from test_type_sample_types x join sample_types st on st.id = x.sample_type_id
                  where x.test_type_id = ${int(o.test.id)} and st.name = ${phSpecimenType}), ${int(o.test.sample_type!)})`;
  const inGroup = (o: Group, g: SQL) => sql`${g} between ${int(o.first)} and ${int(o.first + o.orders - 1)}`;
  // A sample's status: finished when older than a week (2 % rejected); the last week's spread over the statuses in flight
  // (a TB cartridge is not partially rejected: its share goes to "accepted").
  const status = sql`(case when o.created_at < ${weekAgo} then (case when ${draw(sql`k.g * 3 + n.seq`, 16, 50)} = 0 then 4 else 11 end)
      else (array[11,11,11,11,11,11,3,3,1,2,4, case when o.program_id = ${general} then 14 else 3 end, 15])[1 + ((k.g * 7 + n.seq) % 13)] end)`;
  const wholeBlood = typeOf('Whole blood (EDTA)');
  await step(
    'samples',
    sql`insert into samples (order_id, facility_id, program_id, seq, barcode, sample_type_id, status, held_from, collected_at, received_at, created_at, updated_at)
        select o.id, o.facility_id, o.program_id, n.seq, case when n.seq = 1 then o.lab_number else o.lab_number || '-' || n.seq end,
               case when o.program_id = ${tb} then ${tbType}
                    ${sql.join(
                      groups.map((x) => sql`when ${inGroup(x, sql`k.g`)} then ${groupType(x)}`),
                      sql` `,
                    )}
                    when n.seq = 2 or (not k.two and k.g % 2 = 1) then ${typeOf('Serum')} else ${wholeBlood} end,
               st.status, case when st.status = 15 then 3 end,
               case when st.status <> 1 then o.created_at + interval '1 hour' end,
               case when st.status not in (1, 2, 4) then o.created_at + interval '2 hours' end,
               o.created_at, o.created_at + interval '2 hours'
        from orders o
        cross join lateral (select ${labG(sql`o.lab_number`)} as g, o.program_id = ${general} and (${labG(sql`o.lab_number`)}::bigint * ${P}) % ${generalOrders} < ${twoSample} as two) k
        cross join lateral generate_series(1, case when k.two then 2 else 1 end) n(seq)
        cross join lateral (select ${status} as status) st
        where o.id > ${orderBase}`,
  );

  // A test follows its sample as the moves set it (ordered, still ordered once collected, accepted, rejected; on hold
  // after acceptance: accepted) until a result moves it; on a finished sample it is released, on one in flight anywhere in review.
  const testStatus = (k: SQL) => sql`(case when s.status in (1, 3, 4) then s.status when s.status = 2 then 1 when s.status = 15 then 3
      when s.status = 14 and ${k} = 0 then 4 when s.created_at < ${weekAgo} then 7
      else (array[7,7,7,7,6,5,8])[1 + ((s.id + ${k}) % 7)] end)`;
  // Due its turnaround time after reception (the catalogue default), as the product stamps it at acceptance. Only tests
  // with a reference range: one without (malaria parasite density) quantifies a finding, not asked for on its own.
  await step(
    'tests (General)',
    sql`insert into test_orders (order_id, sample_id, facility_id, program_id, test_type_id, status, due_at, created_at)
        select s.order_id, s.id, s.facility_id, s.program_id, tt.ids[i.n], ${testStatus(sql`k`)},
               s.received_at + make_interval(hours => tt.tats[i.n]), s.created_at
        from samples s
        join (select st, array_agg(id order by id) as ids, array_agg(tat order by id) as tats
              from (select t.id, t.default_tat_hours as tat, (select min(x.sample_type_id) from test_type_sample_types x where x.test_type_id = t.id) as st
                    from test_types t where t.program_id = ${general} and not t.is_panel and t.result_type = 'numeric' and t.is_active
                      and (t.ref_low is not null or t.ref_high is not null)) q
              group by st) tt on tt.st = s.sample_type_id
        cross join generate_series(0, ${perSample - 1}) k
        cross join lateral (select 1 + ((s.id * 3 + k) % cardinality(tt.ids)) as n) i
        where s.id > ${sampleBase} and s.program_id = ${general}`,
  );

  // Each coded test's value for a generated sample, drawn from its position (salted per test, so values are independent).
  const salts = new Map(Object.keys(CODED_VALUES).map((code, i) => [code, 101 + i]));
  const drawnValue = (code: string, n: SQL) => pick(draw(n, salts.get(code)!, 1000), CODED_VALUES[code]!, 1000);

  // General's disease tests: malaria on whole blood, the HIV serial rapid test (general/history.ts).
  const sn = nOf(sql`s.id`);
  const { tests: generalCoded, linkedValue } = generalCodedTests({ sn, wholeBlood, hivShare, drawnValue });
  await step(
    'tests (General: malaria and HIV)',
    sql`insert into test_orders (order_id, sample_id, facility_id, program_id, test_type_id, status, due_at, created_at)
        select s.order_id, s.id, s.facility_id, s.program_id, c.id, ${testStatus(sql`x.k`)},
               s.received_at + make_interval(hours => c.default_tat_hours), s.created_at
        from samples s
        cross join lateral (values ${sql.join(
          generalCoded.map((t, i) => sql`(${int(test(t.code).id)}, ${int(i + perSample)}, ${t.applies})`),
          sql`, `,
        )}) x(test_id, k, applies)
        join test_types c on c.id = x.test_id
        where s.id > ${sampleBase} and s.program_id = ${general} and x.applies`,
  );
  const codedValue = (code: string): SQL => linkedValue(code) ?? drawnValue(code, sn);

  // Xpert MTB/RIF (tb/history.ts): the RIF member takes a value only when MTB is detected; otherwise it is closed as
  // cancelled (16), as result entry closes a member that does not apply.
  const { members, mtbValue, rifValue, mtbFound, rifFlag } = xpertValues((code) => test(code).id);
  if (tbOrders)
    await step(
      'tests (Tuberculosis)',
      sql`insert into test_orders (order_id, sample_id, facility_id, program_id, test_type_id, status, due_at, created_at)
          select s.order_id, s.id, s.facility_id, s.program_id, m.id,
                 case when m.k = 0 or s.status in (1, 2, 3, 4, 15) then x.mtb when ${mtbFound(sql`s.id`)} then x.mtb else 16 end,
                 s.received_at + make_interval(hours => c.default_tat_hours), s.created_at
          from samples s
          cross join (values (0, ${members.mtb}::int), (1, ${members.rif}::int)) m(k, id)
          join test_types c on c.id = m.id
          cross join lateral (select ${testStatus(sql`0`)} as mtb) x
          where s.id > ${sampleBase} and s.program_id = ${tb}`,
    );

  // The other programmes' tests: the panel's members (or the test itself), following the sample as General's do. A
  // member the programme's rule settles as not applying once its coded sibling has a value (a Ct after NOT DETECTED or
  // INVALID) is closed as cancelled, as result entry closes it.
  for (const o of groups) {
    if (!o.orders) continue;
    const notApplicable = rulesOf(o.program).notApplicable;
    const closing: SQL[] = [];
    for (const m of o.members) {
      for (const sibling of o.members.filter((x) => x.result_type === 'coded' && x.id !== m.id)) {
        const values = CODED_VALUES[sibling.code]!.map(([value]) => value).filter((value) => notApplicable?.(m.code, [{ code: sibling.code, value }]));
        if (values.length) closing.push(sql`when m.id = ${int(m.id)} and ${codedValue(sibling.code)} in (${text(values)}) then 16`);
      }
    }
    await step(
      `tests (${o.program}, ${o.test.code})`,
      sql`insert into test_orders (order_id, sample_id, facility_id, program_id, test_type_id, status, due_at, created_at)
          select s.order_id, s.id, s.facility_id, s.program_id, m.id,
                 ${closing.length ? sql`case when x.st between 5 and 9 then (case ${sql.join(closing, sql` `)} else x.st end) else x.st end` : sql`x.st`},
                 s.received_at + make_interval(hours => m.default_tat_hours), s.created_at
          from samples s
          join orders o on o.id = s.order_id
          cross join (select id, default_tat_hours from test_types where id in (${sql.raw(o.members.map((m) => m.id).join(', '))})) m
          cross join lateral (select ${testStatus(sql`0`)} as st) x
          where s.id > ${sampleBase} and o.id > ${orderBase} and ${inGroup(o, labG(sql`o.lab_number`))}`,
    );
  }

  // The coded values: General's disease tests and the other programmes' coded tests and members.
  const codedCodes = [
    ...new Set([...generalCoded.map((t) => t.code), ...groups.flatMap((o) => o.members.filter((m) => m.result_type === 'coded').map((m) => m.code))]),
  ];
  const coded = sql`(case ${sql.join(
    codedCodes.map((code) => sql`when t.test_type_id = ${int(test(code).id)} then ${codedValue(code)}`),
    sql` `,
  )} end)`;
  // The flags the programmes' rules give those values (EID: HIV DETECTED; the public-health programmes: "… POSITIVE").
  const programOf = new Map([
    ...generalCoded.map((t) => [t.code, 'General'] as const),
    ...groups.flatMap((o) => o.members.map((m) => [m.code, o.program] as const)),
  ]);
  const flagArms: SQL[] = [];
  for (const code of codedCodes) {
    const program = programOf.get(code)!;
    for (const [value] of CODED_VALUES[code]!) {
      const flag = rulesOf(program).flag?.(code, value, [{ code, value }]) ?? null;
      if (flag) flagArms.push(sql`when t.test_type_id = ${int(test(code).id)} and v.coded = ${value} then ${flag}`);
    }
  }
  // The numbers, as entry stores them (history-values.ts): per facility, numeric test, sex and age band, candidates
  // checked by the entry path against the range in force; a result row takes one by its sample's position, a
  // computed member (viral load's log10) the same one as its source so the two agree.
  const numericPlan = rowsOf<{ facility: number; tests: number[] }>(
    await db.execute(sql`select t.facility_id as facility, array_agg(distinct t.test_type_id) as tests
                         from test_orders t join test_types c on c.id = t.test_type_id
                         where t.id > ${testBase} and t.status between 5 and 9 and c.result_type = 'numeric' group by 1`),
  );
  const draws = await numericDraws(db, numericPlan);
  const drawnFrom = [...catalogue.values()].flatMap((m) => {
    const program = groups.find((o) => o.members.some((x) => x.id === m.id))?.program;
    const from = program ? rulesOf(program).computed?.[m.code]?.from : undefined;
    return from && catalogue.get(from) ? [sql`when ${int(m.id)} then ${int(catalogue.get(from)!.id)}`] : [];
  });
  const drawKey = drawnFrom.length ? sql`(case t.test_type_id ${sql.join(drawnFrom, sql` `)} else t.test_type_id end)` : sql`t.test_type_id`;
  const drawn = draw(sql`(t.sample_id - ${sampleBase}) * 7919 + ${drawKey}`, 41, DRAWS);

  // Results of the tests that have one (entered 5 … retest 9), entered by the facility's analyst in the programme and
  // reviewed by its supervisor (another facility's when it has none), with the test's first declared method. Numbers:
  // the drawn candidate for the client's sex and age at entry, with its unit, range and flag. General's coded disease
  // tests. TB: the coded value, and the flag the programme's rule gives it (contracts' interpretationFlag: RIF
  // resistance → RR-TB).
  const staffOf = (role: string) => sql`(select u.facility_id, r.program_id, min(u.id) as id from users u join user_program_roles r on r.user_id = u.id
                                         where r.role = ${role} and u.is_active group by 1, 2)`;
  const anyStaff = (role: string) =>
    sql`(select r.program_id, min(u.id) as id from users u join user_program_roles r on r.user_id = u.id where r.role = ${role} and u.is_active group by 1)`;
  const { missing } = await one<{ missing: string | null }>(sql`
    select string_agg(distinct p.name, ', ') as missing from test_orders t join programs p on p.id = t.program_id
    where t.id > ${testBase} and t.status between 5 and 9
      and (p.id not in (select program_id from ${anyStaff('Analyst')} a) or p.id not in (select program_id from ${anyStaff('Supervisor')} b))`);
  if (missing) throw new Error(`No analyst and supervisor to enter and review the results of ${missing}`);
  await step(
    'results',
    sql`with d as (select * from jsonb_to_recordset(${JSON.stringify(draws)}::jsonb)
                   as d(facility int, test int, sex text, age_min int, age_max int, k int, value numeric, flag text, unit text, ref_low numeric, ref_high numeric))
        insert into results (test_order_id, facility_id, version, current, status, value_numeric, value_text, unit, flag, ref_low, ref_high, method_id,
                             entered_by, entered_at, verified_by, verified_at, approved_by, approved_at)
        select t.id, t.facility_id, 1, true, t.status,
               d.value,
               case when c.result_type = 'numeric' then null
                    when t.test_type_id = ${members.mtb} then ${mtbValue(sql`t.sample_id`)} when t.test_type_id = ${members.rif} then ${rifValue(sql`t.sample_id`)}
                    else v.coded end,
               coalesce(d.unit, c.unit),
               case when c.result_type = 'numeric' then d.flag
                    when t.test_type_id = ${members.rif} then ${rifFlag(sql`t.sample_id`)}
                    ${flagArms.length ? sql.join(flagArms, sql` `) : sql``} end,
               d.ref_low, d.ref_high, m.method_id,
               coalesce(an.id, an2.id), e.entered_at,
               case when t.status >= 6 then coalesce(sv.id, sv2.id) end, case when t.status >= 6 then t.created_at + interval '4 hours' end,
               case when t.status = 7 then coalesce(sv.id, sv2.id) end, case when t.status = 7 then t.created_at + interval '5 hours' end
        from test_orders t join test_types c on c.id = t.test_type_id
        join samples s on s.id = t.sample_id
        join orders o on o.id = t.order_id
        join clients cl on cl.id = o.client_id
        cross join lateral (select t.created_at + interval '3 hours' as entered_at) e
        cross join lateral (select ${coded} as coded) v
        left join d on c.result_type = 'numeric' and d.facility = t.facility_id and d.test = t.test_type_id and d.sex = cl.sex and d.k = ${drawn}
          and floor(extract(epoch from e.entered_at - (cl.date_of_birth::timestamp at time zone 'UTC')) / 86400) between d.age_min and coalesce(d.age_max, 2147483647)
        left join (select test_type_id, min(method_id) as method_id from test_type_methods group by 1) m on m.test_type_id = t.test_type_id
        left join ${staffOf('Analyst')} an on an.facility_id = t.facility_id and an.program_id = t.program_id
        left join ${anyStaff('Analyst')} an2 on an2.program_id = t.program_id
        left join ${staffOf('Supervisor')} sv on sv.facility_id = t.facility_id and sv.program_id = t.program_id
        left join ${anyStaff('Supervisor')} sv2 on sv2.program_id = t.program_id
        where t.id > ${testBase} and t.status between 5 and 9`,
  );
  const { unmatched } = await one<{ unmatched: number }>(sql`
    select count(*)::int as unmatched from results r join test_orders t on t.id = r.test_order_id join test_types c on c.id = t.test_type_id
    where t.id > ${testBase} and c.result_type = 'numeric' and r.value_numeric is null`);
  if (unmatched) throw new Error(`${unmatched} numeric results found no value for their client's sex and age`);
  // A critical value raised its alert at entry (no clinician's contact on these requests, so no message): acknowledged
  // by the ward within the hour, but for those still in flight.
  await step(
    'critical alerts',
    sql`insert into critical_alerts (facility_id, sample_id, result_id, flag, notified_to, acknowledged_by, acknowledged_at, recorded_by, created_at)
        select r.facility_id, t.sample_id, r.id, r.flag, '',
               case when t.created_at < ${weekAgo} then 'Ward nurse on duty' end,
               case when t.created_at < ${weekAgo} then r.entered_at + interval '20 minutes' end,
               case when t.created_at < ${weekAgo} then r.entered_by end, r.entered_at
        from results r join test_orders t on t.id = r.test_order_id
        where r.test_order_id > ${testBase} and r.flag in ('LL', 'HH')
        on conflict (result_id) do nothing`,
  );
  // As the product's markCompleted: every test final (approved, rejected, cancelled) and at least one approved.
  await step(
    'completed',
    sql`update samples s set completed = true, completed_at = s.created_at + interval '5 hours'
        where s.id > ${sampleBase} and s.status = 11
          and exists (select 1 from test_orders t where t.sample_id = s.id and t.status = 7)
          and not exists (select 1 from test_orders t where t.sample_id = s.id and t.status not in (7, 4, 16))`,
  );

  // A finished case of a notifiable disease was notified (the "to notify" list's mark): its audit row, by its approver,
  // an hour after the release, so no finished sample waits on that list. Through the audit trail's one writer, a
  // statement per approver.
  const notified = rowsOf<{
    sample: number;
    at: string;
    flag: string;
    program: string;
    barcode: string;
    id: number;
    username: string;
    facility: number | null;
  }>(
    await db.execute(sql`
      select s.id as sample, x.at, x.flag, p.name as program, s.barcode, u.id, u.username, u.facility_id as facility
      from (select t.sample_id, min(r.flag) as flag, max(coalesce(r.approved_at, r.verified_at)) + interval '1 hour' as at,
                   min(coalesce(r.approved_by, r.verified_by)) as by
            from results r join test_orders t on t.id = r.test_order_id
            where t.id > ${testBase} and r.current and r.status in (${int(R.VERIFIED)}, ${int(R.APPROVAL)}) and ${notifyFlagSql('r')}
              and t.created_at < ${weekAgo}
            group by t.sample_id) x
      join samples s on s.id = x.sample_id
      join programs p on p.id = s.program_id
      join users u on u.id = x.by
      order by x.at, s.id`),
  );
  const t0 = performance.now();
  // (in statements of a thousand rows, under the driver's limit of bound parameters)
  for (const by of new Set(notified.map((n) => n.id))) {
    const all = notified.filter((n) => n.id === by);
    for (let i = 0; i < all.length; i += 1000) {
      const theirs = all.slice(i, i + 1000);
      await recordAudits(
        db as Tx,
        { id: by, username: theirs[0]!.username, facilityId: theirs[0]!.facility },
        theirs.map((n) => ({
          action: NOTIFIED_ACTION,
          entity: 'sample',
          entityId: String(n.sample),
          at: new Date(n.at),
          after: { program: n.program, barcode: n.barcode, flag: n.flag, notified_to: 'LGA Disease Surveillance and Notification Officer', note: '' },
        })),
      );
    }
  }
  log(`  cases notified: ${((performance.now() - t0) / 1000).toFixed(1)} s (${notified.length.toLocaleString()} rows)`);

  // The running counts: kept by the triggers through every insert and update above; checked against count(*).
  const actual = sql`select facility_id, program_id, 'sample' as kind, status, count(*) as n from samples group by 1, 2, 4
                     union all select facility_id, program_id, 'test', status, count(*) from test_orders group by 1, 2, 4`;
  const check = async () =>
    await one<{ groups: number; wrong: number }>(sql`
        select count(*)::int as groups, count(*) filter (where a.n is distinct from b.count)::int as wrong
        from (${actual}) a full join (select * from status_counts where count <> 0) b using (facility_id, program_id, kind, status)`);
  let counts = await check();
  if (counts.wrong) {
    log(`  status_counts: ${counts.wrong} of ${counts.groups} groups disagree with count(*); rebuilding`);
    await step(
      'status_counts rebuilt',
      sql`with gone as (delete from status_counts) insert into status_counts (facility_id, program_id, kind, status, count) ${actual}`,
    );
    counts = await check();
    if (counts.wrong) throw new Error(`status_counts still wrong in ${counts.wrong} groups`);
  }
  const ikeja = await one<{ counted: number; kept: number }>(sql`
    select (select count(*) from samples s join facilities f on f.id = s.facility_id where f.facility_code = 'LA-IKJ-001' and s.program_id = ${general})::int as counted,
           (select coalesce(sum(count), 0) from status_counts c join facilities f on f.id = c.facility_id where f.facility_code = 'LA-IKJ-001' and c.program_id = ${general} and c.kind = 'sample')::int as kept`);
  if (ikeja.counted !== ikeja.kept) throw new Error(`Ikeja General samples: count(*) ${ikeja.counted}, status_counts ${ikeja.kept}`);
  log(`  status_counts: ${counts.groups} groups agree with count(*) (Ikeja General samples: ${ikeja.counted.toLocaleString()} both ways)`);

  // A few generated request forms through the contracts' schema, so the data stays valid as the form evolves.
  const forms = rowsOf<{ form: unknown }>(await db.execute(sql`select form from orders where id > ${orderBase} and program_id = ${tb} order by id limit 500`));
  checkTbForms(forms.map((r) => r.form));

  // The completion update leaves a dead row per finished sample; autovacuum would clear them in a real database.
  if (v.vacuum ?? true) await step('vacuum', sql`vacuum analyze`);
}

/** The states' three-letter codes in an EPID number where they are not the name's first three letters (SORMAS). */
const EPID_STATE_CODES: Readonly<Record<string, string>> = { Lagos: 'LAS' };

/** The demo history's lab numbers: this prefix and eight digits; an order carrying one says the history is there. */
export const DEMO_HISTORY_PREFIX = 'H-';

/** The demo history: about 500 finished samples over the last twelve months (a week ago back to a year ago). */
export const DEMO_HISTORY: Volume = {
  samples: 500,
  clients: 240,
  fromDaysAgo: 8,
  toDaysAgo: 365,
  labPrefix: DEMO_HISTORY_PREFIX,
  hivShare: 0.3,
  minOrdersPerProgramme: 16,
  vacuum: false,
};

/**
 * Add the demo history once, in one transaction, after the demo facilities and staff are seeded: nothing when an
 * order already carries its lab-number prefix. True when it was added.
 */
export async function seedDemoHistory(db: Db, log: (s: string) => void = () => {}): Promise<boolean> {
  return await db.transaction(async (tx) => {
    const [there] = rowsOf<{ id: number }>(await tx.execute(sql`select id from orders where starts_with(lab_number, ${DEMO_HISTORY_PREFIX}) limit 1`));
    if (there) return false;
    await generateClinicalData(tx, DEMO_HISTORY, log);
    return true;
  });
}

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
import { type FormSpec, fieldAsked, PH_SPECIMEN_SAMPLE_TYPES, requestFormOf, requestFormSpecOf, rulesOf, todayInNigeria } from '@nlims/contracts';
import { rowsOf, type Db, type Tx } from '../core/db.js';
import { DEMO_FACILITIES } from './demo.js';
import { EID_HISTORY } from './eid/history.js';
import { GENERAL_HISTORY, generalCodedTests } from './general/history.js';
import { draw, type FamilyHistory, type HistoryProgramme, int, pick, text, type Weighted } from './history-kit.js';
import { PH_HISTORY } from './ph/history.js';
import { checkTbForms, tbOrderForm, tbSampleType, xpertValues } from './tb/history.js';
import { VL_HISTORY, vlNumbers } from './vl/history.js';

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

  // Names drawn from 20 first names and 900 surnames (30 stems × 30 endings), so a surname matches
  // about one client in 900, as in a real population rather than one in a handful.
  await step(
    'clients',
    sql`insert into clients (facility_id, first_name, last_name, sex, date_of_birth, phone, created_at)
        select f.id, (array['Amaka','Bola','Chidi','Dayo','Emeka','Fatima','Garba','Hauwa','Ife','Jide','Kemi','Lami','Musa','Ngozi','Ola','Sade','Tunde','Uche','Yusuf','Zainab'])[1 + (g % 20)],
               (array['Ade','Olu','Chi','Nwa','Oke','Ibe','Eze','Obi','Uche','Ayo','Femi','Kola','Bab','Dan','Mus','Abu','Sani','Yaro','Ogun','Oso','Aki','Ako','Ifa','Ola','Ode','Aja','Ebe','Ike','Uzo','Ugo'])[1 + ((g / 20) % 30)]
                 || (array['yemi','wale','oma','chukwu','kafor','adi','nna','nwosu','gbade','tunde','lade','yinka','banjo','juma','tapha','bakar','diya','kubu','lesi','sanya','ndele','bundu','emi','dipo','kunle','yi','nezer','doro','chendu','onna'])[1 + ((g / 600) % 30)],
               case when g % 2 = 0 then 'female' else 'male' end,
               date '1950-01-01' + (g % 25000),
               '080' || lpad((g % 100000000)::text, 8, '0'),
               ${now} - make_interval(days => ${int(toDays)})
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
  const insertOrders = async (label: string, programId: SQL, facilities: number[], count: number, first: number, form: SQL) => {
    const c = await clientsOf(facilities);
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
  // Due its turnaround time after reception (the catalogue default), as the product stamps it at acceptance.
  await step(
    'tests (General)',
    sql`insert into test_orders (order_id, sample_id, facility_id, program_id, test_type_id, status, due_at, created_at)
        select s.order_id, s.id, s.facility_id, s.program_id, tt.ids[i.n], ${testStatus(sql`k`)},
               s.received_at + make_interval(hours => tt.tats[i.n]), s.created_at
        from samples s
        join (select st, array_agg(id order by id) as ids, array_agg(tat order by id) as tats
              from (select t.id, t.default_tat_hours as tat, (select min(x.sample_type_id) from test_type_sample_types x where x.test_type_id = t.id) as st
                    from test_types t where t.program_id = ${general} and not t.is_panel and t.result_type = 'numeric' and t.is_active) q
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
  // Viral load's copies/mL, their log10 and the UNSUPPRESSED flag (vl/history.ts).
  const vl = vlNumbers({ test: (code) => catalogue.get(code), position: sql`(t.sample_id - ${sampleBase})` });
  // A Ct: 16–38 for a target that amplified.
  const ct = sql`(16 + ${draw(sql`(t.sample_id - ${sampleBase}) * 31 + t.test_type_id`, 15, 2200)} / 100.0)`;

  // Results of the tests that have one (entered 5 … retest 9), entered by the facility's analyst in the programme and
  // reviewed by its supervisor (another facility's when it has none). General: numbers, 1 in 9 flagged high, and the
  // coded disease tests. TB: the coded value, and the flag the programme's rule gives it (contracts'
  // interpretationFlag: RIF resistance → RR-TB).
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
    sql`insert into results (test_order_id, facility_id, version, current, status, value_numeric, value_text, unit, flag, entered_by, entered_at, verified_by, verified_at, approved_by, approved_at)
        select t.id, t.facility_id, 1, true, t.status,
               case when c.result_type <> 'numeric' then null
                    when t.program_id in (${general}, ${tb}) then (t.id % 200) / 10.0
                    when c.unit = 'Ct' then ${ct}
                    ${sql.join(vl.values, sql` `)}
                    else round((greatest(c.reporting_low, 1) * power(coalesce(c.reporting_high, 1000) / greatest(c.reporting_low, 1),
                               power(((t.sample_id::bigint * 7919) % 1000) / 1000.0, 6)))::numeric, 2) end,
               case when t.test_type_id = ${members.mtb} then ${mtbValue(sql`t.sample_id`)} when t.test_type_id = ${members.rif} then ${rifValue(sql`t.sample_id`)}
                    else v.coded end,
               '',
               case when t.test_type_id = ${members.rif} then ${rifFlag(sql`t.sample_id`)}
                    ${sql.join(vl.flags, sql` `)}
                    when c.result_type = 'numeric' and t.program_id = ${general} then (case when t.id % 9 = 0 then 'H' end)
                    ${flagArms.length ? sql.join(flagArms, sql` `) : sql``} end,
               coalesce(an.id, an2.id), t.created_at + interval '3 hours',
               case when t.status >= 6 then coalesce(sv.id, sv2.id) end, case when t.status >= 6 then t.created_at + interval '4 hours' end,
               case when t.status = 7 then coalesce(sv.id, sv2.id) end, case when t.status = 7 then t.created_at + interval '5 hours' end
        from test_orders t join test_types c on c.id = t.test_type_id
        join samples s on s.id = t.sample_id
        cross join lateral (select ${coded} as coded) v
        left join ${staffOf('Analyst')} an on an.facility_id = t.facility_id and an.program_id = t.program_id
        left join ${anyStaff('Analyst')} an2 on an2.program_id = t.program_id
        left join ${staffOf('Supervisor')} sv on sv.facility_id = t.facility_id and sv.program_id = t.program_id
        left join ${anyStaff('Supervisor')} sv2 on sv2.program_id = t.program_id
        where t.id > ${testBase} and t.status between 5 and 9`,
  );
  // As the product's markCompleted: every test final (approved, rejected, cancelled) and at least one approved.
  await step(
    'completed',
    sql`update samples s set completed = true, completed_at = s.created_at + interval '5 hours'
        where s.id > ${sampleBase} and s.status = 11
          and exists (select 1 from test_orders t where t.sample_id = s.id and t.status = 7)
          and not exists (select 1 from test_orders t where t.sample_id = s.id and t.status not in (7, 4, 16))`,
  );

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

/**
 * The sample benchmarks' data, generated set-based in the database (a few
 * INSERT … SELECT statements, no row-by-row inserts): orders holding samples
 * holding tests with results, across the demo facilities over two years, in
 * the shape of migration 0016 (orders → samples → test_orders → results).
 *
 * - General at every facility: one sample per order, and a share of orders
 *   (10 %) with two samples of different types (whole blood and serum), each
 *   with three numeric tests that run on its type.
 * - Tuberculosis at the Yaba and Kano demo laboratories: one sputum (or other
 *   specimen) sample per order with the presumptive-TB request form, an Xpert
 *   MTB/RIF run (its two members), coded values from the contracts'
 *   vocabularies, and the RR-TB flag the programme's rule gives a RIF
 *   resistance result.
 * - EID, HIV viral load and Lassa fever (`OTHER_PROGRAMMES`) at the laboratories
 *   that run them: one sample per order of the test's first sample type, the
 *   test (a panel's members, or the test itself) with results, and a request
 *   form drawn from the programme's declared form (contracts' FormSpec) and
 *   checked with its schema.
 *
 * Samples older than a week are finished (results released, 2 % rejected);
 * the last week's are spread over every status still in flight. The running
 * counts (`status_counts`) are kept by the tables' statement triggers during
 * the inserts; they are checked against count(*) at the end and rebuilt if
 * they disagree.
 */
import { sql, type SQL } from 'drizzle-orm';
import {
  type FormSpec,
  fieldAsked,
  interpretationFlag,
  mtbDetected,
  requestFormOf,
  requestFormSpecOf,
  rulesOf,
  TB_CODES,
  TB_FORM_CHOICES,
  TB_SPECIMEN_SAMPLE_TYPES,
  tbRequestForm,
  tbResultCodes,
  todayInNigeria,
} from '@nlims/contracts';
import type { Db } from '../apps/server/src/core/db.js';

export interface Volume {
  /** Samples to generate (every programme together). */
  samples: number;
  clients: number;
  /** Share of the samples that are Tuberculosis (at the facilities that run it); default 0.15. */
  tbShare?: number;
  /** Share of General orders with a second sample; default 0.1. */
  twoSampleShare?: number;
  /** Numeric tests on each General sample; default 3. */
  testsPerSample?: number;
}

/**
 * The other programmes measured: the laboratories that run them, their share of all samples, the test each sample
 * carries (catalogue code: a panel or a single test), and the per-mille share of the test's first code (the positive
 * one: DETECTED) among coded results.
 */
export const OTHER_PROGRAMMES = [
  { program: 'EID', facilities: ['LA-LMD-001'], share: 0.03, test: 'EID-DNA-PCR', positive: 40 },
  { program: 'Viral Load', facilities: ['LA-LMD-001', 'KN-NSW-001'], share: 0.07, test: 'VL-HIV', positive: 0 },
  { program: 'Lassa Fever', facilities: ['LA-LMD-001'], share: 0.02, test: 'LASSA-PCR', positive: 100 },
] as const;

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

/** The demo laboratories that run Tuberculosis (Yaba Demo Reference Laboratory, Kano Demo PCR Laboratory). */
export const TB_FACILITY_CODES = ['LA-LMD-001', 'KN-NSW-001'];

/** Xpert MTB/RIF, MTB member: per-mille share of each value (about 12 % MTB detected among presumptive TB, 6 % failed runs). */
const MTB_VALUES: [string, number][] = [
  ['MTB DETECTED HIGH', 20],
  ['MTB DETECTED MEDIUM', 35],
  ['MTB DETECTED LOW', 40],
  ['MTB DETECTED VERY LOW', 25],
  ['MTB NOT DETECTED', 820],
  ['INVALID', 30],
  ['ERROR', 20],
  ['NO RESULT', 10],
];
/** Xpert MTB/RIF, RIF member (only when MTB is detected): per-cent share of each value. */
const RIF_VALUES: [string, number][] = [
  ['RIF RESISTANCE DETECTED', 6],
  ['RIF RESISTANCE INDETERMINATE', 2],
  ['RIF RESISTANCE NOT DETECTED', 92],
];

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;
const text = (values: readonly string[]) =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );

/** `case when bucket < w1 then v1 when bucket < w1 + w2 then v2 … end` over weights summing to `total`. */
function pick(bucket: SQL, weighted: [string, number][], total: number): SQL {
  if (weighted.reduce((n, [, w]) => n + w, 0) !== total) throw new Error(`weights must sum to ${total}`);
  let upTo = 0;
  const arms = weighted.map(([value, weight]) => {
    upTo += weight;
    return sql`when ${bucket} < ${sql.raw(String(upTo))} then ${value}`;
  });
  return sql`(case ${sql.join(arms, sql` `)} end)`;
}

export async function generateClinicalData(db: Db, v: Volume, log: (s: string) => void): Promise<void> {
  const tbShare = v.tbShare ?? 0.15;
  const twoShare = v.twoSampleShare ?? 0.1;
  const perSample = v.testsPerSample ?? 3;
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
  const tbFacilities = rowsOf<{ id: number }>(
    await db.execute(sql`select id from facilities where facility_code in (${text(TB_FACILITY_CODES)}) order by id`),
  ).map((r) => r.id);
  if (!ids.general || !ids.tb || tbFacilities.length !== TB_FACILITY_CODES.length)
    throw new Error('The demo facilities and programmes must be seeded first (seed(db, { demo: true }))');
  const general = sql.raw(String(ids.general));
  const tb = sql.raw(String(ids.tb));
  // Only the rows generated here: the demo seed's own orders, samples and results are left as they are.
  const [clientBase, orderBase, sampleBase, testBase] = [ids.clients, ids.orders, ids.samples, ids.tests].map((n) => sql.raw(String(n)));

  // The other programmes: their ids, laboratories, test (and its first sample type) and how many orders each.
  const others = [];
  for (const o of OTHER_PROGRAMMES) {
    const row = await one<{ program_id: number; test_id: number; sample_type: number; facilities: number[] }>(sql`
      select (select id from programs where name = ${o.program}) as program_id, t.id as test_id,
             (select min(x.sample_type_id) from test_type_sample_types x where x.test_type_id = t.id) as sample_type,
             (select array_agg(id order by id) from facilities where facility_code in (${text(o.facilities)})) as facilities
      from test_types t where t.code = ${o.test}`);
    if (!row?.program_id || !row.sample_type) throw new Error(`${o.program}: the test ${o.test} and a sample type it takes must be in the catalogue`);
    const spec = requestFormSpecOf(o.program);
    const forms = spec ? Array.from({ length: 32 }, (_, i) => sampleForm(o.program, spec, i + 1)) : [{}];
    others.push({ ...o, ...row, orders: Math.round(v.samples * o.share), forms });
  }

  // How many of each: TB samples (one per order), General samples, General orders and those of them with a second sample.
  const tbOrders = Math.round(v.samples * tbShare);
  const generalSamples = v.samples - tbOrders - others.reduce((n, o) => n + o.orders, 0);
  const generalOrders = Math.round(generalSamples / (1 + twoShare));
  const twoSample = generalSamples - generalOrders;
  // Orders with a second sample: those whose (g · P) mod G falls below the count, spread over the two years; P prime to G.
  const P = [7919, 7907, 7901].find((p) => generalOrders % p !== 0)!;
  log(
    `  plan: ${generalOrders.toLocaleString()} General orders (${twoSample.toLocaleString()} with two samples), ${tbOrders.toLocaleString()} Tuberculosis orders, ${others.map((o) => `${o.orders.toLocaleString()} ${o.program}`).join(', ')}`,
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
               ${now} - interval '730 days'
        from generate_series(1, ${v.clients}) g
        join (select id, row_number() over (order by id) - 1 as n, count(*) over () as total from facilities) f on f.n = g % f.total`,
  );
  await step(
    'client identifiers',
    sql`insert into client_identifiers (client_id, facility_id, identifier_type_id, identifier)
        select id, facility_id, (select id from client_identifier_types where name = 'Hospital number'), 'HN-' || id from clients where id > ${clientBase}`,
  );

  // Orders. Lab numbers B-00000001… (General first, then Tuberculosis); the number g also spreads the dates over two years.
  const ts = (g: SQL) => sql`(${now} - (interval '730 days' * ((${g}::bigint * 7919) % 1000003) / 1000003.0))`;
  await step(
    'orders (General)',
    sql`insert into orders (facility_id, program_id, client_id, lab_number, priority, created_at, updated_at)
        select c.facility_id, ${general}, c.id, 'B-' || lpad(g::text, 8, '0'), case when g % 10 = 0 then 'urgent' else 'routine' end, t.ts, t.ts
        from generate_series(1, ${generalOrders}) g
        join clients c on c.id = ${clientBase} + 1 + (g % ${v.clients})
        cross join lateral (select ${ts(sql`g`)} as ts) t`,
  );
  // The presumptive-TB request form (contracts' tbRequestForm), its choices in plausible proportions.
  const choice = (field: keyof typeof TB_FORM_CHOICES, value: string) => {
    if (!TB_FORM_CHOICES[field].some((c) => c.value === value)) throw new Error(`${value} is not a ${field}`);
    return value;
  };
  const category = sql`(case when g % 100 < 75 then ${choice('patient_category', 'new')} when g % 100 < 85 then ${choice('patient_category', 'relapse')}
      when g % 100 < 88 then ${choice('patient_category', 'treatment_after_failure')} when g % 100 < 92 then ${choice('patient_category', 'treatment_after_loss_to_follow_up')}
      when g % 100 < 95 then ${choice('patient_category', 'other_previously_treated')} else ${choice('patient_category', 'unknown')} end)`;
  const specimen = sql`(case when (g / 11) % 100 < 70 then ${choice('specimen', 'sputum_spot')} when (g / 11) % 100 < 92 then ${choice('specimen', 'sputum_early_morning')}
      when (g / 11) % 100 < 95 then ${choice('specimen', 'gastric_aspirate')} when (g / 11) % 100 < 96 then ${choice('specimen', 'csf')}
      when (g / 11) % 100 < 98 then ${choice('specimen', 'stool')} else ${choice('specimen', 'lymph_node_aspirate')} end)`;
  // The TB laboratories' clients, numbered; the modulus is a constant so the join is hashed (a per-row count would make it
  // a nested loop over every pair).
  const tbClients = sql`(select id, facility_id from clients where id > ${clientBase} and facility_id in (${sql.raw(tbFacilities.join(', '))})) tc`;
  const { n: tbClientCount } = await one<{ n: number }>(sql`select count(*)::int as n from ${tbClients}`);
  await step(
    'orders (Tuberculosis)',
    sql`insert into orders (facility_id, program_id, client_id, lab_number, priority, form, created_at, updated_at)
        select c.facility_id, ${tb}, c.id, 'B-' || lpad((${generalOrders} + g)::text, 8, '0'), case when g % 10 = 0 then 'urgent' else 'routine' end,
               jsonb_build_object(
                 'patient_category', f.category,
                 'reason_for_examination', case when f.follow_up then ${choice('reason_for_examination', 'follow_up')} else ${choice('reason_for_examination', 'diagnosis')} end,
                 'treatment_month', case when f.follow_up then (array[2, 5, 6])[1 + g % 3] end,
                 'presumptive_drtb', f.category not in ('new', 'unknown') or g % 50 = 0,
                 'hiv_status', case when (g / 3) % 100 < 80 then ${choice('hiv_status', 'negative')} when (g / 3) % 100 < 92 then ${choice('hiv_status', 'positive')} else ${choice('hiv_status', 'unknown')} end,
                 'lga_tb_number', case when f.follow_up then 'LGA/' || to_char(t.ts, 'YYYY') || '/' || lpad((g % 10000)::text, 4, '0') else '' end,
                 'drtb_register_number', '',
                 'test_status', case when f.follow_up then ${choice('test_status', 'follow_up')} when g % 50 = 1 then ${choice('test_status', 'repeat')} else ${choice('test_status', 'initial')} end,
                 'specimen', f.specimen,
                 'specimen_other', '',
                 'visual_appearance', case when f.specimen not like 'sputum%' then null
                   when (g / 13) % 100 < 50 then ${choice('visual_appearance', 'muco_purulent')} when (g / 13) % 100 < 85 then ${choice('visual_appearance', 'salivary')}
                   when (g / 13) % 100 < 92 then ${choice('visual_appearance', 'blood_stained')} end),
               t.ts, t.ts
        from generate_series(1, ${tbOrders}) g
        join (select id, facility_id, row_number() over (order by id) - 1 as n from ${tbClients}) c on c.n = g % ${tbClientCount}
        cross join lateral (select ${ts(sql`(${generalOrders} + g)`)} as ts) t
        cross join lateral (select ${category} as category, (g / 7) % 100 >= 85 as follow_up, ${specimen} as specimen) f`,
  );

  // The other programmes' orders, numbered after TB's; each carries one of its programme's generated request forms.
  let numbered = generalOrders + tbOrders;
  for (const o of others) {
    const theirClients = sql`(select id, facility_id from clients where id > ${clientBase} and facility_id in (${sql.raw(o.facilities.join(', '))})) oc`;
    const { n: clientCount } = await one<{ n: number }>(sql`select count(*)::int as n from ${theirClients}`);
    await step(
      `orders (${o.program})`,
      sql`insert into orders (facility_id, program_id, client_id, lab_number, priority, form, created_at, updated_at)
          select c.facility_id, ${sql.raw(String(o.program_id))}, c.id, 'B-' || lpad((${numbered} + g)::text, 8, '0'),
                 case when g % 10 = 0 then 'urgent' else 'routine' end, (${JSON.stringify(o.forms)}::jsonb -> (g % ${o.forms.length})::int), t.ts, t.ts
          from generate_series(1, ${o.orders}) g
          join (select id, facility_id, row_number() over (order by id) - 1 as n from ${theirClients}) c on c.n = g % ${clientCount}
          cross join lateral (select ${ts(sql`(${numbered} + g)`)} as ts) t`,
    );
    numbered += o.orders;
  }

  // Samples: one per order, two for some General orders (whole blood, then serum); a TB sample's type follows its specimen.
  const typeOf = (name: string) => sql`(select id from sample_types where name = ${name})`;
  const specimenTypes = Object.entries(TB_SPECIMEN_SAMPLE_TYPES).filter(([, type]) => type != null);
  const tbSampleType = sql`(select id from sample_types where name = (case o.form->>'specimen' ${sql.join(
    specimenTypes.map(([spec, type]) => sql`when ${spec} then ${type}`),
    sql` `,
  )} else 'Sputum' end))`;
  // A sample's status: finished when older than a week (2 % rejected); the last week's spread over the statuses in flight
  // (a TB cartridge is not partially rejected: its share goes to "accepted").
  const status = sql`(case when o.created_at < ${weekAgo} then (case when (k.g + n.seq) % 50 = 0 then 4 else 11 end)
      else (array[11,11,11,11,11,11,3,3,1,2,4, case when o.program_id = ${general} then 14 else 3 end, 15])[1 + ((k.g * 7 + n.seq) % 13)] end)`;
  await step(
    'samples',
    sql`insert into samples (order_id, facility_id, program_id, seq, barcode, sample_type_id, status, held_from, collected_at, received_at, created_at, updated_at)
        select o.id, o.facility_id, o.program_id, n.seq, case when n.seq = 1 then o.lab_number else o.lab_number || '-' || n.seq end,
               case when o.program_id = ${tb} then ${tbSampleType}
                    ${sql.join(
                      others.map((x) => sql`when o.program_id = ${sql.raw(String(x.program_id))} then ${sql.raw(String(x.sample_type))}`),
                      sql` `,
                    )}
                    when n.seq = 2 or (not k.two and k.g % 2 = 1) then ${typeOf('Serum')} else ${typeOf('Whole blood (EDTA)')} end,
               st.status, case when st.status = 15 then 3 end,
               case when st.status <> 1 then o.created_at + interval '1 hour' end,
               case when st.status not in (1, 2, 4) then o.created_at + interval '2 hours' end,
               o.created_at, o.created_at + interval '2 hours'
        from orders o
        cross join lateral (select substr(o.lab_number, 3)::int as g, o.program_id = ${general} and (substr(o.lab_number, 3)::bigint * ${P}) % ${generalOrders} < ${twoSample} as two) k
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

  // Xpert MTB/RIF: the MTB member's value from the sample id (uniform over the per-mille buckets); the RIF member takes a
  // value only when MTB is detected (contracts' memberApplies); otherwise it is closed as cancelled (16), as result entry
  // closes a member that does not apply.
  for (const [value] of MTB_VALUES) if (!tbResultCodes(TB_CODES.XPERT_MTB).includes(value)) throw new Error(`${value} is not an Xpert MTB result`);
  for (const [value] of RIF_VALUES) if (!tbResultCodes(TB_CODES.XPERT_RIF).includes(value)) throw new Error(`${value} is not an Xpert RIF result`);
  const mtbValue = (sampleId: SQL) => pick(sql`((${sampleId}::bigint * 7919) % 1000)`, MTB_VALUES, 1000);
  const rifValue = (sampleId: SQL) => pick(sql`(((${sampleId}::bigint / 1000) * 7 + ${sampleId}) % 100)`, RIF_VALUES, 100);
  const detected = MTB_VALUES.map(([value]) => value).filter((value) => mtbDetected(TB_CODES.XPERT_MTB, value));
  const mtbFound = (sampleId: SQL) => sql`(${mtbValue(sampleId)} in (${text(detected)}))`;
  const members = await one<{ mtb: number; rif: number }>(
    sql`select (select id from test_types where code = ${TB_CODES.XPERT_MTB}) as mtb, (select id from test_types where code = ${TB_CODES.XPERT_RIF}) as rif`,
  );
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

  // The other programmes' tests: the panel's members (or the test itself), following the sample as General's do.
  for (const o of others) {
    await step(
      `tests (${o.program})`,
      sql`insert into test_orders (order_id, sample_id, facility_id, program_id, test_type_id, status, due_at, created_at)
          select s.order_id, s.id, s.facility_id, s.program_id, m.id, ${testStatus(sql`0`)},
                 s.received_at + make_interval(hours => m.default_tat_hours), s.created_at
          from samples s
          cross join (select id, default_tat_hours from test_types where panel_id = ${sql.raw(String(o.test_id))}
                      union all select id, default_tat_hours from test_types where id = ${sql.raw(String(o.test_id))} and not is_panel) m
          where s.id > ${sampleBase} and s.program_id = ${sql.raw(String(o.program_id))}`,
    );
  }
  // A coded result of the other programmes: the test's first code (its positive one) for the programme's per-mille
  // share, else its second (NOT DETECTED).
  const otherCoded = sql`(case ${sql.join(
    others.map(
      (o) =>
        sql`when t.program_id = ${sql.raw(String(o.program_id))} then (case when ((t.sample_id::bigint * 7919) % 1000) < ${sql.raw(String(o.positive))} then c.codes->>0 else c.codes->>1 end)`,
    ),
    sql` `,
  )} end)`;
  // The flag the programme's rule gives that positive value (EID: HIV DETECTED; Lassa: LASSA FEVER POSITIVE).
  const flagArms: SQL[] = [];
  for (const o of others) {
    const coded = rowsOf<{ code: string; first: string }>(
      await db.execute(sql`select code, codes->>0 as first from test_types
                           where (panel_id = ${o.test_id} or id = ${o.test_id}) and result_type = 'coded' and not is_panel`),
    );
    for (const m of coded) {
      const flag = rulesOf(o.program).flag?.(m.code, m.first, [{ code: m.code, value: m.first }]) ?? null;
      if (flag) flagArms.push(sql`when c.code = ${m.code} and r.value_text = ${m.first} then ${flag}`);
    }
  }

  // Results of the tests that have one (entered 5 … retest 9). General: numbers, 1 in 9 flagged high. TB: the coded
  // value, and the flag the programme's rule gives it (contracts' interpretationFlag: RIF resistance → RR-TB).
  const flagged = RIF_VALUES.map(([value]) => [value, interpretationFlag(TB_CODES.XPERT_RIF, value)] as const).filter(([, flag]) => flag);
  const rifFlag = sql`(case ${rifValue(sql`t.sample_id`)} ${sql.join(
    flagged.map(([value, flag]) => sql`when ${value} then ${flag}`),
    sql` `,
  )} end)`;
  const userId = (username: string) => sql`(select id from users where username = ${username})`;
  const kano = sql`(select id from facilities where facility_code = 'KN-NSW-001')`;
  const tbUser = (kanoName: string, yabaName: string) =>
    sql`(case when t.facility_id = ${kano} then coalesce(${userId(kanoName)}, ${userId(yabaName)}) else ${userId(yabaName)} end)`;
  const enteredBy = sql`(case when t.program_id <> ${general} then ${tbUser('kano_analyst', 'ph_analyst')} else ${userId('clin_analyst')} end)`;
  const reviewer = sql`(case when t.program_id <> ${general} then ${tbUser('kano_supervisor', 'ph_supervisor')} else ${userId('clin_supervisor')} end)`;
  await step(
    'results',
    sql`insert into results (test_order_id, facility_id, version, current, status, value_numeric, value_text, unit, flag, entered_by, entered_at, verified_by, verified_at, approved_by, approved_at)
        select t.id, t.facility_id, 1, true, t.status,
               case when c.result_type = 'numeric' and t.program_id in (${general}, ${tb}) then (t.id % 200) / 10.0
                    -- the other programmes' numbers (viral loads): skewed to the low end of the reportable range
                    when c.result_type = 'numeric' then round((greatest(c.reporting_low, 1)
                      * power(coalesce(c.reporting_high, 1000) / greatest(c.reporting_low, 1), power(((t.sample_id::bigint * 7919) % 1000) / 1000.0, 6)))::numeric, 2) end,
               case when t.test_type_id = ${members.mtb} then ${mtbValue(sql`t.sample_id`)} when t.test_type_id = ${members.rif} then ${rifValue(sql`t.sample_id`)}
                    when c.result_type = 'coded' and t.program_id not in (${general}, ${tb}) then ${otherCoded} end,
               '',
               case when c.result_type = 'numeric' then (case when t.id % 9 = 0 then 'H' end) when t.test_type_id = ${members.rif} then ${rifFlag} end,
               ${enteredBy}, t.created_at + interval '3 hours',
               case when t.status >= 6 then ${reviewer} end, case when t.status >= 6 then t.created_at + interval '4 hours' end,
               case when t.status = 7 then ${reviewer} end, case when t.status = 7 then t.created_at + interval '5 hours' end
        from test_orders t join test_types c on c.id = t.test_type_id
        where t.id > ${testBase} and t.status between 5 and 9`,
  );
  if (flagArms.length)
    await step(
      'flags (EID, Lassa fever)',
      sql`update results r set flag = (case ${sql.join(flagArms, sql` `)} end)
          from test_orders t join test_types c on c.id = t.test_type_id
          where t.id = r.test_order_id and r.test_order_id > ${testBase} and t.program_id not in (${general}, ${tb})
            and (case ${sql.join(flagArms, sql` `)} end) is not null`,
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
  for (const { form } of forms) tbRequestForm.parse(form);

  // The completion update leaves a dead row per finished sample; autovacuum would clear them in a real database.
  await step('vacuum', sql`vacuum analyze`);
}

/**
 * The clinical benchmark's data: 1,000,000 samples and 3,000,000 tests with
 * results across the demo facilities over two years, generated set-based in
 * the database (a few statements, no row-by-row inserts).
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../apps/server/src/core/db.js';

export interface Volume {
  orders: number;
  testsPerOrder: number;
  clients: number;
}

export async function generateClinicalData(db: Db, v: Volume, log: (s: string) => void): Promise<void> {
  const step = async (label: string, statement: ReturnType<typeof sql>) => {
    const t0 = performance.now();
    await db.execute(statement);
    log(`  ${label}: ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  };
  const general = sql`(select id from programs where name = 'General')`;
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
               now() - interval '730 days'
        from generate_series(1, ${v.clients}) g
        join (select id, row_number() over (order by id) - 1 as n, count(*) over () as total from facilities) f on f.n = g % f.total`,
  );
  await step(
    'client identifiers',
    sql`insert into client_identifiers (client_id, facility_id, identifier_type_id, identifier)
        select id, facility_id, (select id from client_identifier_types where name = 'Hospital number'), 'HN-' || id from clients`,
  );
  // Like a working laboratory: samples older than a week are finished (results released, a few
  // rejected); the last week's are spread over the statuses still in flight.
  await step(
    'samples',
    sql`insert into general_orders (facility_id, program_id, client_id, lab_number, status, priority, sample_type_id, created_at, collected_at, received_at, updated_at)
        select c.facility_id, ${general}, c.id, 'B-' || lpad(g::text, 8, '0'),
               case when ts < now() - interval '7 days' then (case when g % 50 = 0 then 4 else 11 end)
                    else (array[11,11,11,11,11,11,3,3,1,2,4,14,15])[1 + (g % 13)] end,
               case when g % 10 = 0 then 'urgent' else 'routine' end,
               1, ts, ts + interval '1 hour', ts + interval '2 hours', ts + interval '2 hours'
        from generate_series(1, ${v.orders}) g
        join clients c on c.id = 1 + (g % ${v.clients})
        cross join lateral (select now() - (interval '730 days' * ((g::bigint * 7919) % 1000003) / 1000003.0) as ts) t`,
  );
  await step(
    'tests',
    sql`insert into test_orders (order_id, facility_id, test_type_id, status, due_at, created_at)
        select o.id, o.facility_id, tt.id,
               case when o.status <> 11 then o.status
                    when o.created_at < now() - interval '7 days' then 7
                    else (array[7,7,7,7,6,5,8])[1 + ((o.id + k) % 7)] end,
               o.received_at + interval '24 hours', o.created_at
        from general_orders o
        cross join generate_series(0, ${v.testsPerOrder - 1}) k
        join (select id, row_number() over (order by id) - 1 as n, count(*) over () as total
              from test_types where program_id = ${general} and not is_panel and result_type = 'numeric') tt on tt.n = (o.id * 3 + k) % tt.total`,
  );
  const enteredBy = sql`(select id from users where username = 'clin_analyst')`;
  const reviewer = sql`(select id from users where username = 'clin_supervisor')`;
  await step(
    'results',
    sql`insert into results (test_order_id, facility_id, version, current, status, value_numeric, unit, flag, entered_by, entered_at, verified_by, verified_at, approved_by, approved_at)
        select t.id, t.facility_id, 1, true, t.status, ((t.id % 200) / 10.0), '', case when t.id % 9 = 0 then 'H' end,
               ${enteredBy}, t.created_at + interval '3 hours',
               case when t.status >= 6 then ${reviewer} end, case when t.status >= 6 then t.created_at + interval '4 hours' end,
               case when t.status = 7 then ${reviewer} end, case when t.status = 7 then t.created_at + interval '5 hours' end
        from test_orders t where t.status between 5 and 9`,
  );
  await step(
    'completed',
    sql`update general_orders o set completed = true, completed_at = o.created_at + interval '5 hours'
        where o.status = 11 and not exists (select 1 from test_orders t where t.order_id = o.id and t.status not in (7, 4, 16))`,
  );
  // The completion update leaves a dead row per finished sample; autovacuum would clear them in a real database.
  await step('vacuum', sql`vacuum analyze`);
}

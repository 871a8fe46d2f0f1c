import { DISPATCH_STATUS as D, SAMPLE_STATUS as S } from '@nlims/contracts';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { referredSampleItem } from '@nlims/contracts';
import { mayIn } from '../../core/access.js';
import { type Db, rowsOf } from '../../core/db.js';
import { conflict, forbidden, notFound } from '../../core/errors.js';
import { iso } from '../../core/sql-values.js';
import type { Principal } from '../users/users.service.js';
import { printedValue, type StoredValue } from '../results/result-value.js';
import { referralFacility } from './dispatch.read.js';

/** The referring facility's view of the samples it sent: where each is, its rejection, and its approved results. */
/**
 * The samples the caller's facility referred: where each is, its testing laboratory, its rejection and, once
 * approved, its results — for users holding a role in the sample's programme.
 */
export async function referredSamples(db: Db, p: Principal, q: { page: number; page_size: number }) {
  const facility = referralFacility(p);
  const readable = p.roles.filter((r) => mayIn(p, r.program, 'read')).map((r) => r.programId);
  if (!readable.length) throw forbidden('You hold no role in a programme.');
  // Received by the testing laboratory (the sample is its own then), or rejected at its door with the whole shipment
  // (the sample stays the referring facility's, REJECTED).
  const where = sql`(s.referred_from_facility_id = ${facility}
      or (s.facility_id = ${facility} and s.status = ${S.REJECTED}
          and exists (select 1 from shipment_samples x join shipments xs on xs.id = x.shipment_id
                      where x.sample_id = s.id and x.state = 'rejected' and xs.status = ${D.REJECTED} and xs.sending_facility_id = ${facility})))
    and s.program_id in (${sql.raw(readable.map((n) => String(Math.trunc(n))).join(', '))})`;
  const [{ n }] = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from samples s where ${where}`)) as [{ n: number }];
  // The rejection: the coded reason, with the laboratory's words when it rejected the whole shipment; who and when
  // from the sample's last rejection in the audit trail. The testing laboratory is the shipment's.
  type Item = z.infer<typeof referredSampleItem>;
  type Stored = Omit<Item, 'results'> & { results: (Omit<Item['results'][number], 'value'> & StoredValue)[] };
  const rows = rowsOf<Stored>(
    await db.execute(sql`
      select s.id, s.barcode, p.name as program, c.first_name || ' ' || c.last_name as client_name, s.status, s.completed,
             f.facility_name as testing_facility_name, sh.id as shipment, sh.number as shipment_number,
             nullif(concat_ws(': ', (select r.reason from rejection_reasons r where r.id = s.rejection_reason_id),
                    (select nullif(e.reason, '') from shipment_events e where e.shipment_id = sh.id and e.to_status = ${D.REJECTED} order by e.id desc limit 1)), '')
               as rejection_reason,
             rejected.at as rejected_at, rejected.by as rejected_by,
             coalesce((select json_agg(json_build_object('test', tt.name, 'n', r.value_numeric::text, 't', r.value_text, 'd', tt.decimals,
                        'unit', coalesce(nullif(r.unit, ''), tt.unit),
                        'flag', r.flag, 'approved_at', to_char(r.approved_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')) order by t.id)
                       from test_orders t join test_types tt on tt.id = t.test_type_id
                       join results r on r.test_order_id = t.id and r.current and r.status = 7
                       where t.sample_id = s.id), '[]'::json) as results
      from samples s join programs p on p.id = s.program_id join orders o on o.id = s.order_id join clients c on c.id = o.client_id
      join lateral (select x.shipment_id from shipment_samples x where x.sample_id = s.id order by x.id desc limit 1) last on true
      join shipments sh on sh.id = last.shipment_id
      join facilities f on f.id = sh.receiving_facility_id
      left join lateral (select a.at, coalesce(nullif(trim(u.first_name || ' ' || u.last_name), ''), u.username, a.username) as by
                         from audit_events a left join users u on u.id = a.user_id
                         where s.status in (${S.REJECTED}, ${S.PARTIALLY_REJECTED}) and a.entity = 'sample' and a.entity_id = s.id::text
                           and a.action = 'sample.reject'
                         order by a.id desc limit 1) rejected on true
      where ${where}
      order by s.created_at desc, s.id desc limit ${q.page_size} offset ${(q.page - 1) * q.page_size}`),
  );
  // Each value at its test's declared decimals, a censored one as "< 40".
  const results: Item[] = rows.map((r) => ({
    ...r,
    rejected_at: iso(r.rejected_at),
    results: r.results.map(({ n: _n, t: _t, d: _d, ...x }, i) => ({ ...x, value: printedValue(r.results[i], true) })),
  }));
  return { count: n, next: null, previous: null, results };
}

/**
 * A referred sample as its referring facility may read it: the sample (its programme's wire form) and a reader
 * scoped to the testing laboratory that holds it, for the report — only for a user of the referring facility holding
 * a role in the programme, and only once a result is approved.
 */
export async function referredReader(db: Db, p: Principal, id: number): Promise<{ reader: Principal; program: string }> {
  const facility = referralFacility(p);
  const [row] = rowsOf<{ facility_id: number; program: string; approved: boolean }>(
    await db.execute(sql`select s.facility_id, p.name as program,
                                exists (select 1 from test_orders t join results r on r.test_order_id = t.id and r.current and r.status = 7
                                        where t.sample_id = s.id) as approved
                         from samples s join programs p on p.id = s.program_id
                         where s.id = ${id} and s.referred_from_facility_id = ${facility}`),
  );
  if (!row || !mayIn(p, row.program, 'read')) throw notFound();
  if (!row.approved) throw conflict('No result of this sample has been approved yet.');
  return { reader: { ...p, facilityId: row.facility_id }, program: row.program };
}

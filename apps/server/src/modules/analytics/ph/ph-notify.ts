import { and, sql } from 'drizzle-orm';
import { DEFAULT_PAGE_SIZE, type PhNotifyBody, type PhNotifyRow, RESULT_STATUS as R } from '@nlims/contracts';
import { facilityScope, requireIn } from '../../../core/access.js';
import type { Db, Tx } from '../../../core/db.js';
import { conflict, notFound } from '../../../core/errors.js';
import { recordAudit } from '../../audit/audit.service.js';
import type { Principal } from '../../users/users.service.js';
import { programIn } from '../../samples/forms.js';
import { NOTIFIED_ACTION, notifiedSql, notifyFlagSql, phPrograms } from './ph-query.js';
import { rowsOf } from '../../../core/db.js';
import { ofFacility } from '../kit/scope.js';
import { printedValues, type StoredValue, storedValuesJson } from '../../results/result-value.js';

/**
 * The facility's "to notify" list: samples of the public-health programmes
 * with a verified or released result that raised a notifiable positive flag
 * ("LASSA FEVER POSITIVE"), not yet notified. Marking one notified appends
 * an audit row (`sample.notified`, who and when, to whom, a note) — the trail
 * is the record, so no column is needed; the sample row is locked while the
 * mark is written, so two people marking at once get one success and a 409.
 * Reading and marking take the `released` permission (supervisor, data
 * analyst) in the sample's programme.
 */

const REVIEWED = sql.raw([R.VERIFIED, R.APPROVAL].join(', '));

export interface PhNotifyQuery {
  program?: string;
  /** true: the ones already notified (the record); default: those waiting. */
  notified?: boolean;
  search?: string;
  page?: number;
  page_size?: number;
}

const notifiedAudit = (field: string) =>
  sql.raw(
    `(select a.${field} from audit_events a where a.entity = 'sample' and a.entity_id = s.id::text and a.action = '${NOTIFIED_ACTION}' order by a.id limit 1)`,
  );

export async function phNotifyList(db: Db, p: Principal, q: PhNotifyQuery) {
  // The super admin reads every facility's list but marks nothing (it acts in no programme).
  const names = phPrograms(p, 'released', q.program, 'the notification list');
  const size = q.page_size ?? DEFAULT_PAGE_SIZE;
  const number = q.page ?? 1;
  const search = q.search?.trim();
  const where = and(
    ...ofFacility('s', facilityScope(p)),
    programIn(sql.raw('s.program_id'), names),
    sql`exists (select 1 from test_orders t join results r on r.test_order_id = t.id and r.current
                where t.sample_id = s.id and r.status in (${REVIEWED}) and ${notifyFlagSql('r')})`,
    q.notified ? notifiedSql('s') : sql`not ${notifiedSql('s')}`,
    ...(search
      ? [
          sql`(s.barcode ilike ${`%${search}%`} or o.form->>'epid_number' ilike ${`%${search}%`} or (cl.first_name || ' ' || cl.last_name) ilike ${`%${search}%`})`,
        ]
      : []),
  );
  const from = sql`from samples s join orders o on o.id = s.order_id join clients cl on cl.id = o.client_id join programs pg on pg.id = s.program_id
    left join lgas l on l.id = cl.lga_id`;
  const [total] = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n ${from} where ${where}`));
  const rows = rowsOf<Omit<PhNotifyRow, 'results'> & { results: StoredValue[] | null }>(
    await db.execute(sql`
      select s.id, s.barcode, o.lab_number, pg.name as program, nullif(o.form->>'epid_number', '') as epid_number,
             cl.first_name || ' ' || cl.last_name as client_name, cl.sex,
             extract(year from age((o.created_at at time zone 'Africa/Lagos')::date, cl.date_of_birth))::int as age_years,
             l.name as lga_of_residence,
             (select min(r.flag) from test_orders t join results r on r.test_order_id = t.id and r.current
               where t.sample_id = s.id and ${notifyFlagSql('r')}) as flag,
             (select ${storedValuesJson('r', 'c', sql`regexp_replace(c.name, '^.+ - ', '')`)}
               from test_orders t join test_types c on c.id = t.test_type_id join results r on r.test_order_id = t.id and r.current
               where t.sample_id = s.id and r.status in (${REVIEWED})) as results,
             not exists (select 1 from test_orders t join results r on r.test_order_id = t.id and r.current
               where t.sample_id = s.id and ${notifyFlagSql('r')} and r.status <> ${R.APPROVAL}) as released,
             (select max(r.approved_at) from test_orders t join results r on r.test_order_id = t.id and r.current where t.sample_id = s.id) as approved_at,
             ${notifiedAudit('at')} as notified_at,
             ${notifiedAudit('username')} as notified_by,
             ${notifiedAudit("after->>'notified_to'")} as notified_to
      ${from} where ${where}
      order by s.created_at desc, s.id desc limit ${size} offset ${(number - 1) * size}`),
  );
  // Each value at its test's declared decimals ("E gene Ct: 16.85"), never the stored column's full scale.
  const results: PhNotifyRow[] = rows.map((r) => ({ ...r, results: printedValues(r.results) ?? '' }));
  return { count: total?.n ?? 0, next: null as string | null, previous: null as string | null, results };
}

/** Mark a sample's notifiable positive as notified: one audit row, once. */
export async function markNotified(tx: Tx, p: Principal, sampleId: number, body: PhNotifyBody): Promise<PhNotifyRow['id']> {
  phPrograms(p, 'released', undefined, 'the notification list');
  const [sample] = rowsOf<{ id: number; program: string; barcode: string }>(
    await tx.execute(sql`
      select s.id, pg.name as program, s.barcode from samples s join programs pg on pg.id = s.program_id
      where s.id = ${sampleId} and ${and(sql`true`, ...ofFacility('s', facilityScope(p)))} for update of s`),
  );
  if (!sample) throw notFound();
  requireIn(p, sample.program, 'released');
  const [flag] = rowsOf<{ flag: string }>(
    await tx.execute(sql`
      select r.flag from test_orders t join results r on r.test_order_id = t.id and r.current
      where t.sample_id = ${sampleId} and r.status in (${REVIEWED}) and ${notifyFlagSql('r')} limit 1`),
  );
  if (!flag) throw conflict('This sample has no verified positive result of a notifiable disease.');
  const [done] = rowsOf<{ n: number }>(await tx.execute(sql`select count(*)::int as n from samples s where s.id = ${sampleId} and ${notifiedSql('s')}`));
  if (done?.n) throw conflict('This case has already been notified.');
  await recordAudit(tx, p, {
    action: NOTIFIED_ACTION,
    entity: 'sample',
    entityId: String(sampleId),
    reason: body.note || null,
    after: { program: sample.program, barcode: sample.barcode, flag: flag.flag, notified_to: body.notified_to, note: body.note },
  });
  return sample.id;
}

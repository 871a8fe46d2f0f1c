import { type CriticalAckBody, type CriticalAlertItem, PROGRAMS } from '@nlims/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { mayIn, programsWhere } from '../../core/access.js';
import { rowsOf, type Tx } from '../../core/db.js';
import { conflict, forbidden, notFound } from '../../core/errors.js';
import { iso } from '../../core/sql-values.js';
import { recordAudit } from '../audit/audit.service.js';
import { wireValueText } from '../results/result-value.js';
import { isFacilityAdminPrincipal, type Principal, staffFacilityOf, userName } from '../users/users.service.js';
import { maskAddresses } from './notifications.mask.js';
import { criticalAlerts } from './notifications.table.js';

type Row = Omit<CriticalAlertItem, 'notified_at' | 'acknowledged_at' | 'created_at'> & {
  notified_at: unknown;
  acknowledged_at: unknown;
  created_at: unknown;
  program: string;
};

async function readAlerts(db: Tx, where: SQL[]): Promise<Row[]> {
  return rowsOf<Row>(
    await db.execute(sql`
      select a.id, a.sample_id as sample, s.barcode as lab_number, a.result_id as result, tt.name as test,
             ${wireValueText('r')} || case when r.unit <> '' then ' ' || r.unit else '' end as value, a.flag,
             a.notified_to, a.notified_at,
             (select o.status from notification_outbox o where o.event = 'critical_value' and o.result_id = a.result_id
              order by (o.status in ('sent', 'delivered')) desc, o.id limit 1) as message_status,
             a.acknowledged_by, a.acknowledged_at,
             case when a.recorded_by is null then null else ${userName(sql`a.recorded_by`)} end as recorded_by,
             a.created_at, pr.name as program
      from ${criticalAlerts} a
      join results r on r.id = a.result_id
      join test_orders t on t.id = r.test_order_id
      join test_types tt on tt.id = t.test_type_id
      join samples s on s.id = a.sample_id
      join programs pr on pr.id = t.program_id
      where ${sql.join(where, sql` and `)}
      order by a.created_at desc, a.id desc
      limit 200`),
  );
}

/** May read the programme's results: sees the value and whom it was sent to. */
const readsResults = (p: Principal, program: string) => mayIn(p, program, 'read') || mayIn(p, program, 'released');

const toItem = (p: Principal, { program, ...r }: Row): CriticalAlertItem => {
  const item = { ...r, value_hidden: false, notified_at: iso(r.notified_at), acknowledged_at: iso(r.acknowledged_at), created_at: iso(r.created_at)! };
  return readsResults(p, program) ? item : { ...item, value: null, value_hidden: true, notified_to: maskAddresses(r.notified_to) };
};

/**
 * The facility's critical values: those of the programmes whose samples they read for its staff, with the value; for
 * its administrator (who keeps the outbox their messages are in) also those of the programmes it administers, without
 * the value and with the clinician's contact masked, as the outbox shows them; one sample's, or those not yet
 * acknowledged. A programme the caller holds no role in is not listed.
 */
export async function listCriticalAlerts(db: Tx, p: Principal, q: { sample?: number; open?: '0' | '1' }): Promise<CriticalAlertItem[]> {
  const facility = staffFacilityOf(p, 'Critical values are a facility’s staff’s.');
  const where: SQL[] = [sql`a.facility_id = ${facility}`];
  const readable = programsWhere(p, 'read', PROGRAMS);
  const listed = isFacilityAdminPrincipal(p) ? [...new Set(p.roles.map((r) => r.program))] : readable;
  if (!listed.length) throw forbidden('Your role may not view samples in any programme.');
  where.push(
    sql`pr.name in (${sql.join(
      listed.map((n) => sql`${n}`),
      sql`, `,
    )})`,
  );
  if (q.sample != null) where.push(sql`a.sample_id = ${q.sample}`);
  if (q.open === '1') where.push(sql`a.acknowledged_at is null`);
  return (await readAlerts(db, where)).map((r) => toItem(p, r));
}

/**
 * The laboratory records who took the critical value (read back to them) and when: once, by staff who enter or
 * validate results in the programme, with its audit row.
 */
export async function acknowledgeCritical(tx: Tx, p: Principal, id: number, body: CriticalAckBody): Promise<CriticalAlertItem> {
  const facility = staffFacilityOf(p, 'Critical values are a facility’s staff’s.');
  const [row] = await readAlerts(tx, [sql`a.id = ${id}`, sql`a.facility_id = ${facility}`]);
  if (!row || !mayIn(p, row.program, 'read')) throw notFound();
  if (!mayIn(p, row.program, 'enter') && !mayIn(p, row.program, 'validate'))
    throw forbidden('Only laboratory staff who enter or validate results record the acknowledgement of a critical value.');
  const now = new Date();
  const updated = rowsOf<{ id: number }>(
    await tx.execute(sql`update ${criticalAlerts} set acknowledged_by = ${body.acknowledged_by}, acknowledged_at = ${now.toISOString()}::timestamptz,
                         recorded_by = ${p.id} where id = ${id} and acknowledged_at is null returning id`),
  );
  if (!updated.length) throw conflict('This critical value has already been acknowledged.');
  await recordAudit(tx, p, {
    action: 'critical.acknowledged',
    entity: 'sample',
    entityId: String(row.sample),
    reason: `Critical value read back to ${body.acknowledged_by}`,
    after: { critical_alert: id, result: row.result, acknowledged_by: body.acknowledged_by, read_back: body.read_back },
    at: now,
  });
  const [after] = await readAlerts(tx, [sql`a.id = ${id}`]);
  return toItem(p, after!);
}

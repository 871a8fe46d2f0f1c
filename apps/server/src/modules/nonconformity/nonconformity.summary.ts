import { NCR_SEVERITIES, NCR_STATES, type NcrSummary, type ncrSummaryQuery } from '@nlims/contracts';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type Db, rowsOf } from '../../core/db.js';
import { notFound } from '../../core/errors.js';
import { facilities } from '../facilities/facilities.table.js';
import { type Principal, userName } from '../users/users.service.js';
import { users } from '../users/users.table.js';
import { ncrActions, ncrReports } from './nonconformity.table.js';
import { staffFacility, today } from './nonconformity.access.js';
import { USER_ID } from './nonconformity.read.js';

/** A facility's figures: the month's summary, the sidebar's counts, and who may own an action. */
/** The month's summary for a facility (or, for the super admin, every facility or one): counts only, never the text. */
export async function summary(db: Db, p: Principal, q: z.output<typeof ncrSummaryQuery>, now = new Date()): Promise<NcrSummary> {
  let facility: number | null;
  if (p.isSuperuser) facility = q.facility ?? null;
  else {
    facility = staffFacility(p);
    if (q.facility != null && q.facility !== facility) throw notFound();
  }
  const start = `${q.month}-01`;
  const scope = facility == null ? sql`true` : sql`r.facility_id = ${facility}`;
  const inMonth = sql`r.event_date >= ${start}::date and r.event_date < (${start}::date + interval '1 month')`;
  const on = today(now);
  const [totals] = rowsOf<{ reported: number; closed: number; open: number; overdue: number; median: number | null }>(
    await db.execute(sql`
      select count(*) filter (where ${inMonth})::int as reported,
             count(*) filter (where r.closed_at >= ${start}::date and r.closed_at < (${start}::date + interval '1 month'))::int as closed,
             count(*) filter (where ${inMonth} and r.state <> 'closed')::int as open,
             (select count(*)::int from ${ncrActions} a join ${ncrReports} r2 on r2.id = a.report_id
               where ${facility == null ? sql`true` : sql`r2.facility_id = ${facility}`} and a.completed_on is null and a.due_date < ${on}::date) as overdue,
             percentile_cont(0.5) within group (order by extract(epoch from r.closed_at - r.reported_at) / 86400)
               filter (where r.closed_at >= ${start}::date and r.closed_at < (${start}::date + interval '1 month')) as median
      from ${ncrReports} r where ${scope}`),
  );
  const grouped = async (column: string) =>
    rowsOf<{ key: string | null; count: number }>(
      await db.execute(
        sql`select ${sql.raw(`r.${column}`)} as key, count(*)::int as count from ${ncrReports} r where ${scope} and ${inMonth} group by 1 order by 2 desc, 1`,
      ),
    );
  const [byType, bySeverity, byState] = await Promise.all([grouped('type'), grouped('severity'), grouped('state')]);
  const [name] = facility == null ? [] : await db.select({ name: facilities.facilityName }).from(facilities).where(eq(facilities.id, facility));
  return {
    month: q.month,
    facility_name: name?.name ?? null,
    reported: totals?.reported ?? 0,
    closed: totals?.closed ?? 0,
    open: totals?.open ?? 0,
    overdue_actions: totals?.overdue ?? 0,
    median_days_to_close: totals?.median == null ? null : Math.round(Number(totals.median) * 10) / 10,
    by_type: byType.map((r) => ({ type: r.key, count: r.count })),
    by_severity: NCR_SEVERITIES.map((severity) => ({ severity, count: bySeverity.find((r) => r.key === severity)?.count ?? 0 })),
    by_state: NCR_STATES.map((state) => ({ state, count: byState.find((r) => r.key === state)?.count ?? 0 })),
  };
}

/** The sidebar's counts: open reports, and open actions past their due date (for those who manage them). */
export async function counts(db: Db, p: Principal, now = new Date()) {
  const facility = staffFacility(p);
  const [row] = rowsOf<{ open: number; overdue: number }>(
    await db.execute(sql`
      select (select count(*)::int from ${ncrReports} r where r.facility_id = ${facility} and r.state <> 'closed') as open,
             (select count(*)::int from ${ncrActions} a join ${ncrReports} r on r.id = a.report_id
               where r.facility_id = ${facility} and r.state <> 'closed' and a.completed_on is null and a.due_date < ${today(now)}::date) as overdue`),
  );
  return { open: row?.open ?? 0, overdue_actions: row?.overdue ?? 0 };
}

/** The facility's active users, who may be responsible for an action. */
export async function responsibles(db: Db, p: Principal) {
  const facility = staffFacility(p);
  return db
    .select({ id: users.id, name: userName(USER_ID) })
    .from(users)
    .where(and(eq(users.facilityId, facility), eq(users.isActive, true)))
    .orderBy(asc(users.username));
}

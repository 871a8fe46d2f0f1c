import { sql } from 'drizzle-orm';
import { CANCELLED_STATUS, type ProgramForm, RESULT_STATUS as R, SAMPLE_STATUS as S } from '@nlims/contracts';
import { forbidden } from '../../../core/errors.js';
import { formPrograms, programIn } from '../../samples/forms.js';
import { rowsOf, type Db } from '../../../core/db.js';
import type { Principal } from '../../users/users.service.js';
import { statusCounts } from '../../samples/samples.read.js';
import { dueTurnaround, dueTurnaroundQuery, type DueTurnaround, periodSql } from '../kit/measures.js';

const rows = rowsOf;
// Literals, not parameters, so the planner can use the partial indexes (migration 0008).
const APPROVED = sql.raw(String(R.APPROVAL));
const FINAL = sql.raw([R.APPROVAL, S.REJECTED, CANCELLED_STATUS].join(', '));

/**
 * The clinical dashboard: today's workload, counts by status, turnaround over
 * the last seven days against the facility's TAT settings (due times set at reception) and the
 * overdue tests. Each figure is one aggregate query over indexed columns.
 */
export async function clinicalDashboard(db: Db, p: Principal, form: ProgramForm = 'general_order') {
  const names = formPrograms(p, form, 'read');
  if (!names.length) throw forbidden('Your role may not view this dashboard.');
  const f = p.facilityId ?? -1;
  const inPrograms = (column: string) => programIn(sql.raw(column), names);
  const today = sql`date_trunc('day', now() at time zone 'Africa/Lagos') at time zone 'Africa/Lagos'`;
  const [workload] = rows<{ ordered: number; received: number; approved: number }>(
    await db.execute(sql`
      select
        (select count(*)::int from samples where facility_id = ${f} and ${inPrograms('program_id')} and created_at >= ${today}) as ordered,
        (select count(*)::int from samples where facility_id = ${f} and ${inPrograms('program_id')} and received_at >= ${today}) as received,
        (select count(*)::int from results r join test_orders t on t.id = r.test_order_id
          where r.facility_id = ${f} and r.current and r.status = ${APPROVED} and r.approved_at >= ${today} and ${inPrograms('t.program_id')}) as approved`),
  );
  const [tat] = rows<DueTurnaround>(
    await db.execute(dueTurnaroundQuery(sql`r.facility_id = ${f} and r.approved_at >= now() - interval '7 days' and ${inPrograms('t.program_id')}`)),
  );
  const open = sql`t.status not in (${FINAL})`;
  const [overdueCount] = rows<{ n: number }>(
    await db.execute(
      sql`select count(*)::int as n from test_orders t where t.facility_id = ${f} and t.due_at < now() and ${open} and ${inPrograms('t.program_id')}`,
    ),
  );
  const overdue = rows<{ id: number; lab_number: string; test: string; due_at: string; status: number }>(
    await db.execute(sql`
      select s.id, s.barcode as lab_number, c.name as test, t.due_at, t.status
      from test_orders t join samples s on s.id = t.sample_id join test_types c on c.id = t.test_type_id
      where t.facility_id = ${f} and t.due_at < now() and ${open} and ${inPrograms('t.program_id')}
      order by t.due_at limit 10`),
  );
  const daily = rows<{ day: string; count: number }>(
    await db.execute(sql`
      select ${periodSql(sql.raw("'day'"), sql`created_at`)} as day, count(*)::int as count
      from samples where facility_id = ${f} and ${inPrograms('program_id')} and created_at >= now() - interval '14 days' group by 1 order by 1`),
  );
  return {
    today: workload!,
    by_status: await statusCounts(db, p, names),
    tat: dueTurnaround(tat),
    overdue: { count: overdueCount!.n, items: overdue },
    daily,
  };
}

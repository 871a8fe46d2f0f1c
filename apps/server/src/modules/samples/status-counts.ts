import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { bigint, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { RESULT_STATUS as R } from '@nlims/contracts';
import type { Db } from '../../core/db.js';
import { OPEN_AMENDMENT, results } from './results.table.js';
import { testOrders } from './samples.table.js';
import { programIn } from './forms.js';

/**
 * Samples and tests per facility, programme and status, kept by statement
 * triggers in the same transaction as every move (migration
 * 0016_orders_hold_samples). Not in the drizzle-kit schema index: the
 * migration owns it.
 */
export const statusCountsTable = pgTable('status_counts', {
  facilityId: integer('facility_id').notNull(),
  programId: integer('program_id').notNull(),
  kind: text('kind').notNull(),
  status: integer('status').notNull(),
  count: bigint('count', { mode: 'number' }).notNull(),
});

const t = statusCountsTable;
const RESULT_CODES = [R.ENTERED, R.VERIFIED, R.APPROVAL, R.REJECTED, R.RETEST];

/**
 * `[{test_order_status, count}]` of some programmes: samples by sample status
 * and tests by result status, amendments awaiting verification or approval
 * counted with the results of their status (a released test stays released
 * while its amendment is reviewed, so the counters do not see them).
 */
export async function readStatusCounts(db: Db, facilityId: number, programs: readonly string[]) {
  const [rows, amendments] = await Promise.all([
    db
      .select({ kind: t.kind, test_order_status: t.status, count: sql<number>`sum(${t.count})::int` })
      .from(t)
      .where(and(eq(t.facilityId, facilityId), programIn(t.programId, programs), sql`${t.count} <> 0`))
      .groupBy(t.kind, t.status),
    db
      .select({ status: results.status, count: sql<number>`count(*)::int` })
      .from(results)
      .innerJoin(testOrders, eq(testOrders.id, results.testOrderId))
      .where(
        and(
          eq(results.facilityId, facilityId),
          eq(results.current, false),
          isNotNull(results.amendsId),
          inArray(results.status, OPEN_AMENDMENT),
          programIn(testOrders.programId, programs),
        ),
      )
      .groupBy(results.status),
  ]);
  const counts = new Map<number, number>();
  for (const r of rows)
    if (r.kind === 'sample' || (RESULT_CODES as number[]).includes(r.test_order_status))
      counts.set(r.test_order_status, (counts.get(r.test_order_status) ?? 0) + Number(r.count));
  for (const a of amendments) counts.set(a.status, (counts.get(a.status) ?? 0) + Number(a.count));
  return [...counts]
    .filter(([, count]) => count !== 0)
    .map(([test_order_status, count]) => ({ test_order_status, count }))
    .sort((a, b) => a.test_order_status - b.test_order_status);
}

/** The number of samples of a facility in some programmes, optionally of some statuses. */
export async function countSamples(db: Db, facilityId: number, programs: readonly string[], statuses?: number[]): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`coalesce(sum(${t.count}), 0)::int` })
    .from(t)
    .where(and(eq(t.facilityId, facilityId), programIn(t.programId, programs), eq(t.kind, 'sample'), ...(statuses ? [inArray(t.status, statuses)] : [])));
  return Number(row?.n ?? 0);
}

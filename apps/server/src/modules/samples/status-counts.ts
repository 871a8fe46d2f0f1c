import { and, eq, inArray, sql } from 'drizzle-orm';
import { bigint, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { RESULT_STATUS as R } from '@nlims/contracts';
import type { Db } from '../../core/db.js';

/**
 * Samples and tests per facility and status, kept by statement triggers in
 * the same transaction as every move (migration 0006_status_counts). Not in
 * the drizzle-kit schema index: the migration owns it.
 */
export const statusCountsTable = pgTable('status_counts', {
  facilityId: integer('facility_id').notNull(),
  kind: text('kind').notNull(),
  status: integer('status').notNull(),
  count: bigint('count', { mode: 'number' }).notNull(),
});

const t = statusCountsTable;
const RESULT_CODES = [R.ENTERED, R.VERIFIED, R.APPROVAL, R.REJECTED, R.RETEST];

/** `[{test_order_status, count}]`: samples by sample status and tests by result status. */
export async function readStatusCounts(db: Db, facilityId: number) {
  const rows = await db
    .select({ kind: t.kind, test_order_status: t.status, count: t.count })
    .from(t)
    .where(and(eq(t.facilityId, facilityId), sql`${t.count} <> 0`));
  return rows
    .filter((r) => r.kind === 'sample' || (RESULT_CODES as number[]).includes(r.test_order_status))
    .map(({ test_order_status, count }) => ({ test_order_status, count }))
    .sort((a, b) => a.test_order_status - b.test_order_status);
}

/** The number of samples of a facility, optionally of some statuses. */
export async function countSamples(db: Db, facilityId: number, statuses?: number[]): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`coalesce(sum(${t.count}), 0)::int` })
    .from(t)
    .where(and(eq(t.facilityId, facilityId), eq(t.kind, 'sample'), ...(statuses ? [inArray(t.status, statuses)] : [])));
  return Number(row?.n ?? 0);
}

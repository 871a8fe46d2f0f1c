import { and, eq, inArray, sql } from 'drizzle-orm';
import { RESULT_STATUS as R, SAMPLE_STATUS as S, CANCELLED_STATUS } from '@nlims/contracts';
import type { Tx } from '../../core/db.js';
import { recordAudits } from '../audit/audit.service.js';
import type { Principal } from '../users/users.service.js';
import { samples, testOrders } from './samples.table.js';

/** Test statuses that end a test: approved, rejected with the sample, cancelled. */
const FINAL = [R.APPROVAL, S.REJECTED, CANCELLED_STATUS];
const list = (values: readonly number[]) =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );

/**
 * Mark finished, in one statement, those of the given samples whose every
 * test is final with at least one approved result, and write one audit row
 * for each. The status stays (ONGOING, PARTIALLY_REJECTED…); the flag keeps
 * the open lists short as the laboratory's history grows.
 */
export async function markCompleted(tx: Tx, p: Principal, sampleIds: number[], at: Date): Promise<number[]> {
  const ids = [...new Set(sampleIds)];
  if (!ids.length) return [];
  const done = await tx
    .update(samples)
    .set({ completed: true, completedAt: at })
    .where(
      and(
        inArray(samples.id, ids),
        eq(samples.completed, false),
        sql`exists (select 1 from ${testOrders} t where t.sample_id = ${samples.id} and t.status = ${R.APPROVAL})`,
        sql`not exists (select 1 from ${testOrders} t where t.sample_id = ${samples.id} and t.status not in (${list(FINAL)}))`,
      ),
    )
    .returning({ id: samples.id, status: samples.status });
  if (!done.length) return [];
  await recordAudits(
    tx,
    p,
    done.map((s) => ({
      action: 'sample.completed',
      entity: 'sample',
      entityId: String(s.id),
      fromStatus: s.status,
      toStatus: s.status,
      reason: 'Every result released',
      at,
    })),
  );
  return done.map((s) => s.id);
}

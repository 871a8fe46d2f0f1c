import { and, eq, inArray, sql } from 'drizzle-orm';
import { RESULT_STATUS as R, SAMPLE_STATUS as S, CANCELLED_STATUS } from '@nlims/contracts';
import type { Tx } from '../../core/db.js';
import { recordAudits } from '../audit/audit.service.js';
import type { Principal } from '../users/principal.js';
import { generalOrders, testOrders } from './samples.table.js';

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
export async function markCompleted(tx: Tx, p: Principal, orderIds: number[], at: Date): Promise<number[]> {
  const ids = [...new Set(orderIds)];
  if (!ids.length) return [];
  const done = await tx
    .update(generalOrders)
    .set({ completed: true, completedAt: at })
    .where(
      and(
        inArray(generalOrders.id, ids),
        eq(generalOrders.completed, false),
        sql`exists (select 1 from ${testOrders} t where t.order_id = ${generalOrders.id} and t.status = ${R.APPROVAL})`,
        sql`not exists (select 1 from ${testOrders} t where t.order_id = ${generalOrders.id} and t.status not in (${list(FINAL)}))`,
      ),
    )
    .returning({ id: generalOrders.id, status: generalOrders.status });
  if (!done.length) return [];
  await recordAudits(
    tx,
    p,
    done.map((o) => ({
      action: 'order.completed',
      entity: 'general_order',
      entityId: String(o.id),
      fromStatus: o.status,
      toStatus: o.status,
      reason: 'Every result released',
      at,
    })),
  );
  return done.map((o) => o.id);
}

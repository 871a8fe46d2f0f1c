/** A worksheet's samples sent back to the workplan, and a worksheet cancelled. */
import { eq, inArray, sql } from 'drizzle-orm';
import { RESULT_STATUS as R, SAMPLE_STATUS as S, type WorksheetDetail } from '@nlims/contracts';
import type { Tx } from '../../core/db.js';
import { conflict } from '../../core/errors.js';
import { recordAudits } from '../audit/audit.service.js';
import { testOrders } from '../samples/samples.table.js';
import type { Principal } from '../users/users.service.js';
import { worksheetPositions, worksheets } from './worksheets.table.js';
import { worksheetDetail, worksheetRow } from './worksheets.read.js';

/**
 * Send a worksheet's samples back to the workplan, in the caller's transaction: the positions close, the samples
 * still on WORKSHEET (12) return to APPROVED (3), and the given tests — whose run failed or gave no result — go to
 * RETEST (9) with the reason, each move with its audit row.
 */
export async function releaseSamples(tx: Tx, p: Principal, worksheetId: number, retest: { testOrder: number; reason: string }[], now: Date): Promise<void> {
  await tx.update(worksheetPositions).set({ open: false }).where(eq(worksheetPositions.worksheetId, worksheetId));
  if (retest.length) {
    const before = await tx
      .select({ id: testOrders.id, status: testOrders.status, sample: testOrders.sampleId })
      .from(testOrders)
      .where(
        inArray(
          testOrders.id,
          retest.map((r) => r.testOrder),
        ),
      );
    await tx
      .update(testOrders)
      .set({ status: R.RETEST })
      .where(
        inArray(
          testOrders.id,
          retest.map((r) => r.testOrder),
        ),
      );
    const why = new Map(retest.map((r) => [r.testOrder, r.reason]));
    await recordAudits(
      tx,
      p,
      before.map((t) => ({
        action: 'test.retest',
        entity: 'sample',
        entityId: String(t.sample),
        fromStatus: t.status,
        toStatus: R.RETEST,
        reason: why.get(t.id) ?? null,
        after: { test_order: t.id, worksheet: worksheetId },
      })),
    );
  }
  // Samples left on WORKSHEET with no other open worksheet go back to the workplan as accepted.
  const back = await tx.execute(sql`
    update samples set status = ${S.APPROVED}, updated_at = ${now.toISOString()}::timestamptz
    where status = ${S.WORKSHEET}
      and id in (select t.sample_id from worksheet_positions wp join test_orders t on t.id = wp.test_order_id where wp.worksheet_id = ${worksheetId})
      and not exists (select 1 from worksheet_positions o join test_orders ot on ot.id = o.test_order_id where ot.sample_id = samples.id and o.open)
    returning id`);
  const ids = ((back as unknown as { rows: { id: number }[] }).rows ?? []).map((r) => r.id);
  await recordAudits(
    tx,
    p,
    ids.map((id) => ({
      action: 'sample.worksheet_left',
      entity: 'sample',
      entityId: String(id),
      fromStatus: S.WORKSHEET,
      toStatus: S.APPROVED,
      reason: 'Back on the workplan',
      after: { worksheet: worksheetId },
    })),
  );
}

/** `POST worksheet/{id}/cancel/`: an open worksheet given up before its run; its samples go back to the workplan as they were. */
export async function cancelWorksheet(tx: Tx, p: Principal, id: number, reason: string, now = new Date()): Promise<WorksheetDetail> {
  const ws = await worksheetRow(tx, p, id, { lock: true });
  if (ws.state !== 'open') throw conflict(`Worksheet ${ws.number} is ${ws.state}; only an open worksheet can be cancelled.`);
  await releaseSamples(tx, p, id, [], now);
  await tx.update(worksheets).set({ state: 'cancelled', closedAt: now, closedBy: p.id, reason }).where(eq(worksheets.id, id));
  await recordAudits(tx, p, [{ action: 'worksheet.cancelled', entity: 'worksheet', entityId: String(id), reason, after: { number: ws.number } }]);
  return worksheetDetail(tx, p, id);
}

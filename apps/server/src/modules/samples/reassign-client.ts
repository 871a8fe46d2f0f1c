import { eq } from 'drizzle-orm';
import type { Tx } from '../../core/db.js';
import { orders } from './samples.table.js';

/**
 * Move every order of one client to another (a client merge, modules/clients/merge.ts),
 * inside the caller's transaction. Returns how many orders moved.
 */
export async function reassignClientOrders(tx: Tx, ids: { duplicate: number; keep: number }): Promise<number> {
  const moved = await tx.update(orders).set({ clientId: ids.keep }).where(eq(orders.clientId, ids.duplicate)).returning({ id: orders.id });
  return moved.length;
}

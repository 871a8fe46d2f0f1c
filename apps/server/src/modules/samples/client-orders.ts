import { eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../core/db.js';
import { clientsMerged, programsOfClients } from '../clients/clients.service.js';
import { programs } from '../programs/programs.table.js';
import { orders } from './samples.table.js';

/**
 * Move every order of one client to another (a client merge, modules/clients/clients.merge.ts),
 * inside the caller's transaction. Returns how many orders moved.
 */
export async function reassignClientOrders(tx: Tx, ids: { duplicate: number; keep: number }): Promise<number> {
  const moved = await tx.update(orders).set({ clientId: ids.keep }).where(eq(orders.clientId, ids.duplicate)).returning({ id: orders.id });
  return moved.length;
}

/** The programmes in which these clients have orders, by name. */
export async function clientOrderPrograms(tx: Tx, clientIds: readonly number[]): Promise<string[]> {
  const rows = await tx
    .selectDistinct({ name: programs.name })
    .from(orders)
    .innerJoin(programs, eq(programs.id, orders.programId))
    .where(inArray(orders.clientId, [...clientIds]))
    .orderBy(programs.name);
  return rows.map((r) => r.name);
}

/** A client's orders answer the clients module's hooks: the programmes they are in, and a merge moves them. */
export function registerClientOrders(): void {
  programsOfClients.on('samples', 0, ({ tx, clientIds }) => clientOrderPrograms(tx, clientIds));
  clientsMerged.on('samples', 0, async ({ tx, duplicate, keep }) => ({ orders_moved: await reassignClientOrders(tx, { duplicate, keep }) }));
}

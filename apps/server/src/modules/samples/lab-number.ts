import { sql } from 'drizzle-orm';
import type { Tx } from '../../core/db.js';
import { labNumberCounters } from './samples.table.js';

/**
 * The next laboratory number of a facility for the year: `<facility code>-<yy>-<nnnnnn>`.
 * One atomic upsert, so concurrent orders never share a number.
 */
export async function nextLabNumber(tx: Tx, facilityCode: string, now = new Date()): Promise<string> {
  const yy = String(now.getUTCFullYear()).slice(2);
  const key = `${facilityCode}:${yy}`;
  const [row] = await tx
    .insert(labNumberCounters)
    .values({ key, value: 1 })
    .onConflictDoUpdate({ target: labNumberCounters.key, set: { value: sql`${labNumberCounters.value} + 1` } })
    .returning({ value: labNumberCounters.value });
  return `${facilityCode}-${yy}-${String(row!.value).padStart(6, '0')}`;
}

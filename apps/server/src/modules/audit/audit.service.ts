import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../core/db.js';
import type { Actor, AuditEntry } from '../../core/audit.js';
import { auditEvents } from './audit.table.js';

export type { AuditEntry };

/**
 * Append rows to the audit trail in ONE statement, inside the caller's
 * transaction. The database gives each row its place in the hash chain
 * (migration audit_append_only_chain); bulk moves pass all their rows here.
 */
export async function recordAudits(tx: Tx, actor: Actor | null, entries: AuditEntry[]): Promise<void> {
  if (!entries.length) return;
  await tx.insert(auditEvents).values(
    entries.map((entry) => ({
      userId: actor?.id ?? null,
      username: actor?.username ?? null,
      facilityId: actor?.facilityId ?? null,
      ...entry,
    })),
  );
}

/** Append one row to the audit trail, inside the caller's transaction. */
export function recordAudit(tx: Tx, actor: Actor | null, entry: AuditEntry): Promise<void> {
  return recordAudits(tx, actor, [entry]);
}

export const GENESIS_HASH = '0'.repeat(64);

export type AuditVerification = { ok: true; rows: number; head: string } | { ok: false; rows: number; id: number | null; seq: number; problem: string };

/**
 * Walk the chain in order and recompute every hash from the row's content.
 * Returns the first row whose hash, link or position does not hold.
 */
export async function verifyAuditTrail(db: Tx, batch = 5000): Promise<AuditVerification> {
  let prev = GENESIS_HASH;
  let expectedSeq = 1;
  let rows = 0;
  for (;;) {
    const result = await db.execute(
      sql`select e.id, e.seq, e.prev_hash, e.hash, audit_event_canonical(e) as canonical
          from audit_events e where e.seq >= ${expectedSeq} order by e.seq limit ${batch}`,
    );
    const page = ((result as { rows?: unknown[] }).rows ?? result) as {
      id: string | number;
      seq: string | number;
      prev_hash: string;
      hash: string;
      canonical: string;
    }[];
    for (const row of page) {
      const id = Number(row.id);
      const seq = Number(row.seq);
      if (seq !== expectedSeq)
        return {
          ok: false,
          rows,
          id,
          seq,
          problem: `chain position ${expectedSeq}${seq - 1 > expectedSeq ? `-${seq - 1}` : ''} is missing before row ${id} (seq ${seq}): rows were deleted`,
        };
      if (row.prev_hash !== prev) return { ok: false, rows, id, seq, problem: `row ${id} (seq ${seq}) does not link to the previous row's hash` };
      const computed = createHash('sha256').update(row.canonical, 'utf8').digest('hex');
      if (computed !== row.hash)
        return { ok: false, rows, id, seq, problem: `row ${id} (seq ${seq}): its content does not match its hash (changed after it was written)` };
      prev = row.hash;
      expectedSeq++;
      rows++;
    }
    if (page.length < batch) break;
  }
  const headResult = await db.execute(sql`select seq, hash from audit_chain_head where id = 1`);
  const [head] = ((headResult as { rows?: unknown[] }).rows ?? headResult) as { seq: string | number; hash: string }[];
  if (!head || Number(head.seq) !== rows || head.hash !== prev)
    return {
      ok: false,
      rows,
      id: null,
      seq: rows + 1,
      problem: `the chain head (seq ${head?.seq ?? 'missing'}) is not the last row (seq ${rows}): rows at the end were deleted`,
    };
  return { ok: true, rows, head: prev };
}

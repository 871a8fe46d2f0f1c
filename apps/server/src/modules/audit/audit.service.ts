import type { Tx } from '../../core/db.js';
import type { Principal } from '../users/principal.js';
import { auditEvents } from './audit.table.js';

export interface AuditEntry {
  action: string;
  entity: string;
  entityId?: string | null;
  fromStatus?: number | null;
  toStatus?: number | null;
  reason?: string | null;
  before?: unknown;
  after?: unknown;
}

/** Append one row to the audit trail, inside the caller's transaction. */
export async function recordAudit(tx: Tx, actor: Principal | null, entry: AuditEntry): Promise<void> {
  await tx.insert(auditEvents).values({
    userId: actor?.id ?? null,
    username: actor?.username ?? null,
    facilityId: actor?.facilityId ?? null,
    ...entry,
  });
}

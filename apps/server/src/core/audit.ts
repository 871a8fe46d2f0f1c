import type { Tx } from './db.js';
import type { Principal } from './principal.js';

/** Who acted: a signed-in principal, or the user a sign-in or sign-out is about. */
export type Actor = Pick<Principal, 'id' | 'username' | 'facilityId'>;

/** One row of the audit trail, as a move or a write gives it. */
export interface AuditEntry {
  action: string;
  entity: string;
  entityId?: string | null;
  fromStatus?: number | null;
  toStatus?: number | null;
  reason?: string | null;
  before?: unknown;
  after?: unknown;
  /** When the event happened (defaults to now). */
  at?: Date;
}

/**
 * The writer of the audit trail, in the caller's transaction. The audit
 * module provides it (modules/audit: the append-only, hash-chained table);
 * the infrastructure here (the generic resources) is handed it by the app
 * (`app.audit`), so core/ depends on no module.
 */
export type AuditWriter = (tx: Tx, actor: Actor | null, entry: AuditEntry) => Promise<void>;

declare module 'fastify' {
  interface FastifyInstance {
    audit: AuditWriter;
  }
}

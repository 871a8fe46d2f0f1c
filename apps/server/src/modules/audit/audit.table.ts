import { bigint, bigserial, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/** Append-only trail of every administrative change and every status move. */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    userId: integer('user_id'),
    username: text('username'),
    facilityId: integer('facility_id'),
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entityId: text('entity_id'),
    fromStatus: integer('from_status'),
    toStatus: integer('to_status'),
    reason: text('reason'),
    before: jsonb('before'),
    after: jsonb('after'),
    /** Position in the hash chain, given by the database on insert. */
    seq: bigint('seq', { mode: 'number' }),
    /** The previous row's hash, and this row's sha256 over its content and that hash (set by a trigger). */
    prevHash: text('prev_hash'),
    hash: text('hash'),
  },
  (t) => [index('audit_entity_idx').on(t.entity, t.entityId), uniqueIndex('audit_seq_idx').on(t.seq)],
);

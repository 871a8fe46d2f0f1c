import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { facilities } from '../facilities/facilities.table.js';
import { users } from '../users/users.table.js';

/**
 * Another system's door into the product (an EMR at one facility): it calls the API with its own secret, within its
 * scopes (read results, post orders) and its facility's data. The secret is shown once and kept only as a digest.
 */
export const apiClients = pgTable(
  'api_clients',
  {
    id: serial('id').primaryKey(),
    facilityId: integer('facility_id')
      .notNull()
      .references(() => facilities.id),
    name: text('name').notNull(),
    /** The public half of the credential: what the system sends beside its secret. */
    clientId: text('client_id').notNull(),
    /** sha256 of the secret (a high-entropy random string, so a fast digest is enough). */
    secretHash: text('secret_hash').notNull(),
    scopes: jsonb('scopes').$type<string[]>().notNull().default([]),
    /** The programmes whose data it may read or order for (empty: none). */
    programs: jsonb('programs').$type<number[]>().notNull().default([]),
    isActive: boolean('is_active').notNull().default(true),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedBy: integer('revoked_by').references(() => users.id),
  },
  (t) => [
    uniqueIndex('api_clients_client_id_uq').on(t.clientId),
    uniqueIndex('api_clients_name_uq').on(t.facilityId, sql`lower(${t.name})`),
    index('api_clients_facility_idx').on(t.facilityId),
    check('api_clients_name_ck', sql`length(trim(${t.name})) > 0`),
  ],
);

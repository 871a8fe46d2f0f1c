import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { apiClients } from '../api-clients/api-clients.table.js';
import { clients } from '../clients/clients.table.js';
import { facilities } from '../facilities/facilities.table.js';
import { programs } from '../programs/programs.table.js';
import { orders } from '../samples/samples.table.js';
import { users } from '../users/users.table.js';

/**
 * An electronic request: an order another system (an EMR) posted as a FHIR transaction Bundle addressed to a
 * laboratory, kept as received; its Task moves requested → accepted / rejected → in-progress → completed.
 * The same identifier posted again to the same laboratory is the same request (never a second order).
 */
export const electronicRequests = pgTable(
  'electronic_requests',
  {
    id: serial('id').primaryKey(),
    /** The laboratory it is addressed to (the Task's owner). */
    facilityId: integer('facility_id')
      .notNull()
      .references(() => facilities.id),
    programId: integer('program_id')
      .notNull()
      .references(() => programs.id),
    /** The Task's (or its ServiceRequests' requisition) identifier, as the sender gave it. */
    identifierSystem: text('identifier_system').notNull().default(''),
    identifierValue: text('identifier_value').notNull(),
    status: text('status').notNull().default('requested'),
    /** Who sent it: the API client, and the requesting organisation's name as the bundle gave it. */
    apiClientId: integer('api_client_id').references(() => apiClients.id),
    requester: text('requester').notNull().default(''),
    /** The bundle as received, and what the laboratory read from it (patient, tests asked, specimen). */
    bundle: jsonb('bundle').notNull(),
    summary: jsonb('summary').notNull().default({}),
    clientId: integer('client_id').references(() => clients.id),
    orderId: integer('order_id').references(() => orders.id),
    reason: text('reason').notNull().default(''),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedBy: integer('decided_by').references(() => users.id),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('electronic_requests_identifier_uq').on(t.facilityId, t.identifierSystem, t.identifierValue),
    index('electronic_requests_status_idx').on(t.facilityId, t.status),
    index('electronic_requests_order_idx').on(t.orderId),
    check('electronic_requests_status_ck', sql`${t.status} in ('requested', 'accepted', 'rejected', 'in-progress', 'completed', 'cancelled')`),
  ],
);

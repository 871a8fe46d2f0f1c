import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { apiClients } from '../api-clients/api-clients.table.js';
import { testTypes } from '../catalogue/catalogue.table.js';
import { clients } from '../clients/clients.table.js';
import { facilities } from '../facilities/facilities.table.js';
import { programs } from '../programs/programs.table.js';
import { clientIdentifierTypes } from '../reference/reference.table.js';
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

/**
 * The placer's identifiers of a request, as its sender gave them: the ServiceRequests' `requisition` (the order's
 * number at the EMR, one per order) and each ServiceRequest's own identifiers (`placer`, with the test it asked). They
 * are returned on the ServiceRequests, Task and DiagnosticReports the order becomes, and searched by.
 */
export const electronicRequestIdentifiers = pgTable(
  'electronic_request_identifiers',
  {
    id: serial('id').primaryKey(),
    requestId: integer('request_id')
      .notNull()
      .references(() => electronicRequests.id, { onDelete: 'cascade' }),
    facilityId: integer('facility_id')
      .notNull()
      .references(() => facilities.id),
    kind: text('kind').notNull(),
    /** The test the ServiceRequest asked (`placer`); null for the requisition. */
    testTypeId: integer('test_type_id').references(() => testTypes.id),
    system: text('system').notNull().default(''),
    value: text('value').notNull(),
  },
  (t) => [
    index('electronic_request_identifiers_value_idx').on(t.facilityId, t.value),
    index('electronic_request_identifiers_request_idx').on(t.requestId),
    check('electronic_request_identifiers_kind_ck', sql`${t.kind} in ('requisition', 'placer')`),
  ],
);

/**
 * Other systems' names for a client identifier: an EMR that sends the ART number under its own system
 * (`https://emr.example/art-number|…`) gets it back under that system beside the product's, and finds the patient
 * by it. Kept per facility, identifier type and value (a facility's identifier of a type is unique), so it follows
 * the identifier through a merge of clients; written when the laboratory accepts a request.
 */
export const clientIdentifierSystems = pgTable(
  'client_identifier_systems',
  {
    id: serial('id').primaryKey(),
    facilityId: integer('facility_id')
      .notNull()
      .references(() => facilities.id),
    identifierTypeId: integer('identifier_type_id')
      .notNull()
      .references(() => clientIdentifierTypes.id),
    identifier: text('identifier').notNull(),
    system: text('system').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('client_identifier_systems_uq').on(t.facilityId, t.identifierTypeId, t.identifier, t.system),
    index('client_identifier_systems_system_idx').on(t.facilityId, t.system, t.identifier),
  ],
);

import { serial, boolean, date, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { facilities } from '../facilities/facilities.table.js';
import { lgas, states } from '../geo/geo.table.js';
import { clientIdentifierTypes } from '../reference/reference.table.js';

export const clients = pgTable(
  'clients',
  {
    id: serial('id').primaryKey(),
    facilityId: integer('facility_id')
      .notNull()
      .references(() => facilities.id),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    otherNames: text('other_names').notNull().default(''),
    sex: text('sex').notNull(),
    dateOfBirth: date('date_of_birth', { mode: 'string' }),
    /** The date of birth was worked out from an estimated age. */
    dobEstimated: boolean('dob_estimated').notNull().default(false),
    phone: text('phone').notNull().default(''),
    email: text('email').notNull().default(''),
    /** The language messages to the client are written in (en, fr, ar, …). */
    language: text('language').notNull().default('en'),
    /** The client agreed to be told by SMS or e-mail when a result is ready. */
    notifyConsent: boolean('notify_consent').notNull().default(false),
    address: text('address').notNull().default(''),
    stateId: integer('state_id').references(() => states.id),
    lgaId: integer('lga_id').references(() => lgas.id),
    createdBy: integer('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Moved on every edit, so a device that registered offline against an older copy can tell. */
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** A duplicate record merged into another client: kept, never deleted, and left out of searches. */
    mergedInto: integer('merged_into'),
    mergedAt: timestamp('merged_at', { withTimezone: true }),
  },
  (t) => [index('clients_facility_name_idx').on(t.facilityId, t.lastName, t.firstName), index('clients_facility_phone_idx').on(t.facilityId, t.phone)],
);

/** One client's identifiers; the same type and value may appear once per facility. */
export const clientIdentifiers = pgTable(
  'client_identifiers',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    facilityId: integer('facility_id').notNull(),
    identifierTypeId: integer('identifier_type_id')
      .notNull()
      .references(() => clientIdentifierTypes.id),
    identifier: text('identifier').notNull(),
  },
  (t) => [
    uniqueIndex('client_identifiers_identifier_uq').on(t.facilityId, t.identifierTypeId, t.identifier),
    index('client_identifiers_client_idx').on(t.clientId),
  ],
);

import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, pgTable, real, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { facilities } from '../facilities/facilities.table.js';
import { courierProviders, labNetworks } from '../reference/reference.table.js';
import { samples } from '../samples/samples.table.js';
import { users } from '../users/users.table.js';

/**
 * A shipment: samples a referring facility sends to a testing laboratory of
 * one of its lab networks, by a courier; numbered per sending facility and
 * year (SH-2026-0001).
 */
export const shipments = pgTable(
  'shipments',
  {
    id: serial('id').primaryKey(),
    number: text('number').notNull(),
    sendingFacilityId: integer('sending_facility_id')
      .notNull()
      .references(() => facilities.id),
    receivingFacilityId: integer('receiving_facility_id')
      .notNull()
      .references(() => facilities.id),
    networkId: integer('network_id').references(() => labNetworks.id),
    courierId: integer('courier_id').references(() => courierProviders.id),
    status: integer('status').notNull(),
    /** The programmes of its samples (fixed when it is made): who may read it, without a join per shipment. */
    programIds: integer('program_ids').array().notNull().default(sql`'{}'::integer[]`),
    packaging: text('packaging').notNull().default(''),
    boxes: integer('boxes').notNull().default(1),
    storageTemperature: text('storage_temperature').notNull(),
    pickupTemperature: real('pickup_temperature'),
    arrivalTemperature: real('arrival_temperature'),
    packedBy: text('packed_by').notNull(),
    riderName: text('rider_name').notNull().default(''),
    riderPhone: text('rider_phone').notNull().default(''),
    pickupDate: date('pickup_date').notNull(),
    /** The network's expected hours from dispatch to delivery, kept as they were when the shipment was made. */
    expectedHours: integer('expected_hours').notNull(),
    createdBy: integer('created_by')
      .notNull()
      .references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    dispatchedAt: timestamp('dispatched_at', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    receivedAt: timestamp('received_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('shipments_number_uq').on(t.sendingFacilityId, t.number),
    index('shipments_sending_idx').on(t.sendingFacilityId, t.status, t.createdAt),
    index('shipments_receiving_idx').on(t.receivingFacilityId, t.status, t.createdAt),
  ],
);

/** A sample in a shipment: the status it left, and what became of it at the testing laboratory. */
export const shipmentSamples = pgTable(
  'shipment_samples',
  {
    id: serial('id').primaryKey(),
    shipmentId: integer('shipment_id')
      .notNull()
      .references(() => shipments.id),
    sampleId: integer('sample_id')
      .notNull()
      .references(() => samples.id),
    fromStatus: integer('from_status').notNull(),
    /** in_transit, received, rejected, missing, returned. */
    state: text('state').notNull().default('in_transit'),
    condition: text('condition'),
    /** While the shipment is under way: a sample is in one open shipment at most (the partial unique index). */
    open: boolean('open').notNull().default(true),
  },
  (t) => [
    uniqueIndex('shipment_samples_open_uq').on(t.sampleId).where(sql`open`),
    index('shipment_samples_shipment_idx').on(t.shipmentId),
    index('shipment_samples_sample_idx').on(t.sampleId),
  ],
);

/** A shipment's history: every move, who made it, when, the temperature read and the reason given. */
export const shipmentEvents = pgTable(
  'shipment_events',
  {
    id: serial('id').primaryKey(),
    shipmentId: integer('shipment_id')
      .notNull()
      .references(() => shipments.id),
    fromStatus: integer('from_status'),
    toStatus: integer('to_status').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    byUserId: integer('by_user_id')
      .notNull()
      .references(() => users.id),
    temperature: real('temperature'),
    reason: text('reason').notNull().default(''),
  },
  (t) => [index('shipment_events_shipment_idx').on(t.shipmentId)],
);

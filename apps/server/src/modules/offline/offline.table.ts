import { integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { facilities } from '../facilities/facilities.table.js';

/**
 * A device that registers samples offline. The server hands each one a short
 * prefix, unique across the country, so the provisional numbers it prints
 * (prefix and its own counter, e.g. "K7Q2-0001") can never collide.
 */
export const offlineDevices = pgTable(
  'offline_devices',
  {
    id: serial('id').primaryKey(),
    prefix: text('prefix').notNull(),
    facilityId: integer('facility_id')
      .notNull()
      .references(() => facilities.id),
    userId: integer('user_id').notNull(),
    label: text('label').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSyncAt: timestamp('last_sync_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('offline_devices_prefix_uq').on(t.prefix)],
);

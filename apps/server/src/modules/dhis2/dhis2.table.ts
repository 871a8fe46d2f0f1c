import { sql } from 'drizzle-orm';
import { boolean, check, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { facilities } from '../facilities/facilities.table.js';
import { users } from '../users/users.table.js';

/** The DHIS2 server the monthly aggregates go to (one row), kept by the super admin; the password never leaves it. */
export const dhis2Settings = pgTable(
  'dhis2_settings',
  {
    id: integer('id').primaryKey().default(1),
    baseUrl: text('base_url').notNull().default(''),
    username: text('username').notNull().default(''),
    /** Sealed at rest (`enc:v1:…`, core/secret-box.ts), opened only to send; '' when none is kept. */
    password: text('password').notNull().default(''),
    dataSet: text('data_set').notNull().default(''),
    updatedBy: integer('updated_by').references(() => users.id),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('dhis2_settings_one_ck', sql`${t.id} = 1`)],
);

/** An indicator the dashboards compute, to a DHIS2 data element and category option combo. */
export const dhis2Mappings = pgTable(
  'dhis2_mappings',
  {
    id: serial('id').primaryKey(),
    indicator: text('indicator').notNull(),
    dataElement: text('data_element').notNull(),
    categoryOptionCombo: text('category_option_combo').notNull().default(''),
    isActive: boolean('is_active').notNull().default(true),
    updatedBy: integer('updated_by').references(() => users.id),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('dhis2_mappings_indicator_uq').on(t.indicator)],
);

/** A facility's DHIS2 organisation unit. */
export const dhis2OrgUnits = pgTable('dhis2_org_units', {
  facilityId: integer('facility_id')
    .primaryKey()
    .references(() => facilities.id),
  orgUnit: text('org_unit').notNull(),
  updatedBy: integer('updated_by').references(() => users.id),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Each send (or dry run) of a month's dataValueSets: what went, and DHIS2's import summary. */
export const dhis2Exports = pgTable(
  'dhis2_exports',
  {
    id: serial('id').primaryKey(),
    period: text('period').notNull(),
    scope: jsonb('scope').notNull().default({}),
    dataSet: text('data_set').notNull().default(''),
    dryRun: boolean('dry_run').notNull(),
    /** sent, failed */
    status: text('status').notNull(),
    valueCount: integer('value_count').notNull().default(0),
    payload: jsonb('payload').notNull(),
    httpStatus: integer('http_status'),
    imported: integer('imported').notNull().default(0),
    updated: integer('updated').notNull().default(0),
    ignored: integer('ignored').notNull().default(0),
    deleted: integer('deleted').notNull().default(0),
    conflicts: jsonb('conflicts').notNull().default([]),
    summary: jsonb('summary'),
    error: text('error').notNull().default(''),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('dhis2_exports_status_ck', sql`${t.status} in ('sent', 'failed')`)],
);

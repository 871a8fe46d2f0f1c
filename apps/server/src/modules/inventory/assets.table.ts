import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { facilities } from '../facilities/facilities.table.js';
import { machineSettings } from '../facility-settings/facility-settings.table.js';
import { benches, manufacturers, suppliers } from '../reference/reference.table.js';
import { users } from '../users/users.table.js';

const facility = () =>
  integer('facility_id')
    .notNull()
    .references(() => facilities.id);
const user = (name: string) => integer(name).references(() => users.id);
const asset = () =>
  integer('asset_id')
    .notNull()
    .references(() => assets.id);

/** `asset_generic/`: a kind of equipment the facility keeps (a PCR analyser, a centrifuge), with how often it is serviced and calibrated. */
export const assetGenerics = pgTable(
  'asset_generics',
  {
    id: serial('id').primaryKey(),
    facilityId: facility(),
    name: text('name').notNull(),
    /** analyser, centrifuge, cold_chain, microscope, safety_cabinet, other. */
    category: text('category').notNull(),
    maintenanceIntervalDays: integer('maintenance_interval_days'),
    calibrationIntervalDays: integer('calibration_interval_days'),
    isActive: boolean('is_active').notNull().default(true),
  },
  (t) => [
    uniqueIndex('asset_generics_name_uq').on(t.facilityId, sql`lower(${t.name})`),
    check('asset_generics_category_ck', sql`${t.category} in ('analyser', 'centrifuge', 'cold_chain', 'microscope', 'safety_cabinet', 'other')`),
  ],
);

/** `asset_config/`: the places of a facility where equipment stands or is checked out to (a room, a store, an outreach site). */
export const assetLocations = pgTable(
  'asset_locations',
  {
    id: serial('id').primaryKey(),
    facilityId: facility(),
    name: text('name').notNull(),
    isActive: boolean('is_active').notNull().default(true),
  },
  (t) => [uniqueIndex('asset_locations_name_uq').on(t.facilityId, sql`lower(${t.name})`)],
);

/** `asset/`: the equipment register; `tag` is the label scanned on check-out. */
export const assets = pgTable(
  'assets',
  {
    id: serial('id').primaryKey(),
    facilityId: facility(),
    tag: text('tag').notNull(),
    genericId: integer('generic_id').references(() => assetGenerics.id),
    name: text('name').notNull(),
    model: text('model').notNull().default(''),
    serialNumber: text('serial_number').notNull().default(''),
    manufacturerId: integer('manufacturer_id').references(() => manufacturers.id),
    supplierId: integer('supplier_id').references(() => suppliers.id),
    locationId: integer('location_id').references(() => assetLocations.id),
    inServiceDate: date('in_service_date', { mode: 'string' }),
    /** in_use, under_repair, out_of_service. */
    status: text('status').notNull().default('in_use'),
    /** The analyser's machine setting (its instrument and tests), when it is one. */
    machineSettingId: integer('machine_setting_id').references(() => machineSettings.id),
    note: text('note').notNull().default(''),
    createdBy: user('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('assets_tag_uq').on(t.facilityId, sql`lower(${t.tag})`),
    index('assets_machine_idx').on(t.machineSettingId).where(sql`machine_setting_id is not null`),
    check('assets_status_ck', sql`${t.status} in ('in_use', 'under_repair', 'out_of_service')`),
  ],
);

/** A check-out to a bench, a person or a location, open until checked in; one open check-out per asset. */
export const assetCheckouts = pgTable(
  'asset_checkouts',
  {
    id: serial('id').primaryKey(),
    assetId: asset(),
    benchId: integer('bench_id').references(() => benches.id),
    userId: user('user_id'),
    locationId: integer('location_id').references(() => assetLocations.id),
    note: text('note').notNull().default(''),
    expectedBack: date('expected_back', { mode: 'string' }),
    checkedOutAt: timestamp('checked_out_at', { withTimezone: true }).notNull().defaultNow(),
    checkedOutBy: user('checked_out_by').notNull(),
    checkedInAt: timestamp('checked_in_at', { withTimezone: true }),
    checkedInBy: user('checked_in_by'),
  },
  (t) => [
    uniqueIndex('asset_checkouts_open_uq').on(t.assetId).where(sql`checked_in_at is null`),
    index('asset_checkouts_asset_idx').on(t.assetId, t.id),
    check('asset_checkouts_one_target_ck', sql`num_nonnulls(${t.benchId}, ${t.userId}, ${t.locationId}) = 1`),
  ],
);

/** Maintenance: preventive, repair or enhancement, or a time out of service (its reason in work_done); the time it was down, the work done and its cost. */
export const assetMaintenance = pgTable(
  'asset_maintenance',
  {
    id: serial('id').primaryKey(),
    assetId: asset(),
    kind: text('kind').notNull(),
    downFrom: timestamp('down_from', { withTimezone: true }).notNull(),
    downTo: timestamp('down_to', { withTimezone: true }),
    workDone: text('work_done').notNull().default(''),
    performedBy: text('performed_by').notNull().default(''),
    costKobo: integer('cost_kobo').notNull().default(0),
    recordedBy: user('recorded_by').notNull(),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('asset_maintenance_asset_idx').on(t.assetId, t.downFrom),
    check('asset_maintenance_kind_ck', sql`${t.kind} in ('preventive', 'repair', 'enhancement', 'out_of_service')`),
    check('asset_maintenance_period_ck', sql`${t.downTo} is null or ${t.downTo} >= ${t.downFrom}`),
    check('asset_maintenance_cost_ck', sql`${t.costKobo} >= 0`),
  ],
);

/** A calibration and how long it holds; an analyser past its latest one is not used for results. */
export const assetCalibrations = pgTable(
  'asset_calibrations',
  {
    id: serial('id').primaryKey(),
    assetId: asset(),
    calibratedOn: date('calibrated_on', { mode: 'string' }).notNull(),
    validUntil: date('valid_until', { mode: 'string' }).notNull(),
    calibrator: text('calibrator').notNull().default(''),
    report: text('report').notNull().default(''),
    recordedBy: user('recorded_by').notNull(),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('asset_calibrations_asset_idx').on(t.assetId, t.validUntil), check('asset_calibrations_period_ck', sql`${t.validUntil} > ${t.calibratedOn}`)],
);

/** A certificate (agency, number, validity), e.g. a biosafety cabinet's certification. */
export const assetCertificates = pgTable(
  'asset_certificates',
  {
    id: serial('id').primaryKey(),
    assetId: asset(),
    agency: text('agency').notNull(),
    number: text('number').notNull().default(''),
    validFrom: date('valid_from', { mode: 'string' }).notNull(),
    validTo: date('valid_to', { mode: 'string' }).notNull(),
    recordedBy: user('recorded_by').notNull(),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('asset_certificates_asset_idx').on(t.assetId, t.validTo), check('asset_certificates_period_ck', sql`${t.validTo} >= ${t.validFrom}`)],
);

import { sql } from 'drizzle-orm';
import { boolean, check, date, integer, jsonb, numeric, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { testTypes } from '../catalogue/catalogue.table.js';
import { facilities } from '../facilities/facilities.table.js';
import { benches, instruments } from '../reference/reference.table.js';

/* Settings a facility admin keeps for their own facility; property names are wire names. */
const facility = () =>
  integer('facility_id')
    .notNull()
    .references(() => facilities.id);
const testType = () =>
  integer('test_type_id')
    .notNull()
    .references(() => testTypes.id);

export const facilityTestServices = pgTable(
  'facility_test_services',
  {
    id: serial('id').primaryKey(),
    facility: facility(),
    test_type: testType(),
    price: numeric('price', { precision: 14, scale: 2, mode: 'number' }).notNull(),
    /** The bench that runs this test (a panel's members go to the panel's bench), for the workplan. */
    bench: integer('bench_id').references(() => benches.id),
    is_active: boolean('is_active').notNull().default(true),
  },
  (t) => [uniqueIndex('facility_test_services_test_type_uq').on(t.facility, t.test_type)],
);

export const facilityTats = pgTable(
  'facility_tats',
  { id: serial('id').primaryKey(), facility: facility(), test_type: testType(), hours: integer('hours').notNull() },
  (t) => [uniqueIndex('facility_tats_test_type_uq').on(t.facility, t.test_type)],
);

export const facilityTestMeasures = pgTable('facility_test_measures', {
  id: serial('id').primaryKey(),
  facility: facility(),
  test_type: testType(),
  sex: text('sex').notNull().default('any'),
  age_min_days: integer('age_min_days').notNull().default(0),
  age_max_days: integer('age_max_days'),
  low: numeric('low', { mode: 'number' }),
  high: numeric('high', { mode: 'number' }),
  critical_low: numeric('critical_low', { mode: 'number' }),
  critical_high: numeric('critical_high', { mode: 'number' }),
  unit: text('unit').notNull().default(''),
});

export const machineSettings = pgTable(
  'machine_settings',
  {
    id: serial('id').primaryKey(),
    facility: facility(),
    name: text('name').notNull(),
    model: text('model').notNull().default(''),
    serial_number: text('serial_number').notNull(),
    instrument: integer('instrument_id').references(() => instruments.id),
    tests: jsonb('tests').$type<number[]>().notNull().default([]),
    modules: jsonb('modules').$type<string[]>().notNull().default([]),
    is_active: boolean('is_active').notNull().default(true),
    /** How the analyser talks to the product: none (files only), HL7 v2 over MLLP, or ASTM E1394 over TCP. */
    protocol: text('protocol').notNull().default('none'),
    /** The TCP port its listener takes (unique across the server). */
    listen_port: integer('listen_port'),
  },
  (t) => [
    uniqueIndex('machine_settings_serial_number_uq').on(t.facility, t.serial_number),
    uniqueIndex('machine_settings_listen_port_uq').on(t.listen_port),
    check('machine_settings_protocol_ck', sql`${t.protocol} in ('none', 'hl7', 'astm')`),
    check('machine_settings_port_ck', sql`${t.listen_port} is null or ${t.listen_port} between 1024 and 65535`),
  ],
);

export const qcMaterials = pgTable('qc_materials', {
  id: serial('id').primaryKey(),
  facility: facility(),
  test_type: testType(),
  name: text('name').notNull(),
  lot_number: text('lot_number').notNull(),
  expiry_date: date('expiry_date', { mode: 'string' }).notNull(),
  level: text('level').notNull(),
  target_mean: numeric('target_mean', { mode: 'number' }).notNull(),
  target_sd: numeric('target_sd', { mode: 'number' }).notNull(),
  unit: text('unit').notNull().default(''),
  /** The mean and SD are established from the lot's first results; no rule judges it until they are. */
  establish: boolean('establish').notNull().default(false),
  established_at: timestamp('established_at', { withTimezone: true }),
  is_active: boolean('is_active').notNull().default(true),
});

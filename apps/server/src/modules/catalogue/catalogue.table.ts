import { boolean, integer, jsonb, numeric, pgTable, primaryKey, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { programs } from '../programs/programs.table.js';
import { instruments, methods, sampleTypes, sections } from '../reference/reference.table.js';

/**
 * The test catalogue: one row per orderable test (or panel) of a programme,
 * with its result configuration and catalogue-default reference range.
 * Property names are the wire names (see the generic resource mechanism).
 */
export const testTypes = pgTable(
  'test_types',
  {
    id: serial('id').primaryKey(),
    program: integer('program_id')
      .notNull()
      .references(() => programs.id),
    name: text('name').notNull(),
    code: text('code').notNull().unique(),
    loinc_code: text('loinc_code').notNull().default(''),
    /** The code system of `loinc_code` (LOINC unless the laboratory names another). */
    code_system: text('code_system').notNull().default('http://loinc.org'),
    section: integer('section_id').references(() => sections.id),
    /** numeric or coded */
    result_type: text('result_type').notNull(),
    unit: text('unit').notNull().default(''),
    decimals: integer('decimals').notNull().default(0),
    reporting_low: numeric('reporting_low', { mode: 'number' }),
    reporting_high: numeric('reporting_high', { mode: 'number' }),
    ref_low: numeric('ref_low', { mode: 'number' }),
    ref_high: numeric('ref_high', { mode: 'number' }),
    critical_low: numeric('critical_low', { mode: 'number' }),
    critical_high: numeric('critical_high', { mode: 'number' }),
    /** Coded results: the codes a result may take. */
    codes: jsonb('codes').$type<string[]>().notNull().default([]),
    /** Microscopy, culture and sensitivity: takes organisms and an antibiogram (DESIGN §3). */
    is_culture: boolean('is_culture').notNull().default(false),
    /** A panel groups member tests (panel set on the members). */
    is_panel: boolean('is_panel').notNull().default(false),
    panel: integer('panel_id'),
    /** The global default turnaround time, in hours. */
    default_tat_hours: integer('default_tat_hours').notNull().default(24),
    is_active: boolean('is_active').notNull().default(true),
  },
  (t) => [uniqueIndex('test_types_program_name_uq').on(t.program, t.name)],
);

export const testTypeSampleTypes = pgTable(
  'test_type_sample_types',
  {
    testTypeId: integer('test_type_id')
      .notNull()
      .references(() => testTypes.id, { onDelete: 'cascade' }),
    sampleTypeId: integer('sample_type_id')
      .notNull()
      .references(() => sampleTypes.id),
  },
  (t) => [primaryKey({ columns: [t.testTypeId, t.sampleTypeId] })],
);

export const testTypeMethods = pgTable(
  'test_type_methods',
  {
    testTypeId: integer('test_type_id')
      .notNull()
      .references(() => testTypes.id, { onDelete: 'cascade' }),
    methodId: integer('method_id')
      .notNull()
      .references(() => methods.id),
  },
  (t) => [primaryKey({ columns: [t.testTypeId, t.methodId] })],
);

export const testTypeInstruments = pgTable(
  'test_type_instruments',
  {
    testTypeId: integer('test_type_id')
      .notNull()
      .references(() => testTypes.id, { onDelete: 'cascade' }),
    instrumentId: integer('instrument_id')
      .notNull()
      .references(() => instruments.id),
  },
  (t) => [primaryKey({ columns: [t.testTypeId, t.instrumentId] })],
);

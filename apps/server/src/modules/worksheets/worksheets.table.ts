import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { ColumnMappingShape, FillOrder, ResultFileFormat, TemplateControl, WorksheetState } from '@nlims/contracts';
import { testTypes } from '../catalogue/catalogue.table.js';
import { facilities } from '../facilities/facilities.table.js';
import { machineSettings, qcMaterials } from '../facility-settings/facility-settings.table.js';
import { qcRuns } from '../qc/qc.table.js';
import { testOrders } from '../samples/samples.table.js';
import { users } from '../users/users.table.js';

/** A plate layout of one analyser for one test: its size, fill order, controls and results-file format. */
export const worksheetTemplates = pgTable('worksheet_templates', {
  id: serial('id').primaryKey(),
  facility: integer('facility_id')
    .notNull()
    .references(() => facilities.id),
  name: text('name').notNull(),
  test_type: integer('test_type_id')
    .notNull()
    .references(() => testTypes.id),
  machine: integer('machine_id').references(() => machineSettings.id),
  format: text('format').$type<ResultFileFormat>().notNull(),
  size: integer('size').notNull(),
  fill: text('fill').$type<FillOrder>().notNull().default('column'),
  controls: jsonb('controls').$type<TemplateControl[]>().notNull().default([]),
  mapping: jsonb('mapping').$type<ColumnMappingShape | null>(),
  is_active: boolean('is_active').notNull().default(true),
});

/** A worksheet: a run of one template's plate, numbered per facility and year (WS-2026-0001), open until its results file closes it. */
export const worksheets = pgTable(
  'worksheets',
  {
    id: serial('id').primaryKey(),
    facilityId: integer('facility_id')
      .notNull()
      .references(() => facilities.id),
    number: text('number').notNull(),
    templateId: integer('template_id')
      .notNull()
      .references(() => worksheetTemplates.id),
    testTypeId: integer('test_type_id')
      .notNull()
      .references(() => testTypes.id),
    programId: integer('program_id').notNull(),
    machineId: integer('machine_id').references(() => machineSettings.id),
    state: text('state').$type<WorksheetState>().notNull().default('open'),
    createdBy: integer('created_by')
      .notNull()
      .references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    closedBy: integer('closed_by').references(() => users.id),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    /** Why the run failed or was cancelled. */
    reason: text('reason'),
    qcRunId: integer('qc_run_id').references(() => qcRuns.id),
    /** The results file as imported, kept with the worksheet for the archive. */
    fileName: text('file_name'),
    fileContent: text('file_content'),
  },
  (t) => [
    uniqueIndex('worksheets_facility_number_uq').on(t.facilityId, t.number),
    index('worksheets_facility_state_created_idx').on(t.facilityId, t.state, t.createdAt),
  ],
);

/** One position of a worksheet: a sample's test, a control or a blank; after the file, what the analyser gave and what became of it. */
export const worksheetPositions = pgTable(
  'worksheet_positions',
  {
    id: serial('id').primaryKey(),
    worksheetId: integer('worksheet_id')
      .notNull()
      .references(() => worksheets.id),
    well: text('well').notNull(),
    kind: text('kind').$type<'sample' | 'control' | 'blank' | 'duplicate'>().notNull(),
    label: text('label').notNull().default(''),
    /** A duplicate's sample well. */
    duplicateOf: text('duplicate_of'),
    expect: text('expect').$type<'negative' | 'positive'>(),
    materialId: integer('material_id').references(() => qcMaterials.id),
    testOrderId: integer('test_order_id').references(() => testOrders.id),
    /** The worksheet is open: a sample's test sits on one open worksheet at most. */
    open: boolean('open').notNull().default(true),
    resultText: text('result_text'),
    resultValue: text('result_value'),
    outcome: text('outcome').$type<'entered' | 'retest' | 'passed' | 'failed'>(),
    note: text('note'),
  },
  (t) => [
    uniqueIndex('worksheet_positions_well_uq').on(t.worksheetId, t.well),
    uniqueIndex('worksheet_positions_open_test_uq').on(t.testOrderId).where(sql`open and test_order_id is not null`),
    index('worksheet_positions_test_order_idx').on(t.testOrderId),
  ],
);

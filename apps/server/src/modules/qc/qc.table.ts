import { sql } from 'drizzle-orm';
import { index, integer, jsonb, numeric, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { RuleSetting, Violation, WestgardRule } from '@nlims/contracts';
import { testTypes } from '../catalogue/catalogue.table.js';
import { facilities } from '../facilities/facilities.table.js';
import { machineSettings, qcMaterials } from '../facility-settings/facility-settings.table.js';
import { users } from '../users/users.table.js';

/** A run of internal quality control: the levels measured together on an instrument, and the run's verdict. */
export const qcRuns = pgTable(
  'qc_runs',
  {
    id: serial('id').primaryKey(),
    facility_id: integer('facility_id')
      .notNull()
      .references(() => facilities.id),
    machine_id: integer('machine_id').references(() => machineSettings.id),
    run_at: timestamp('run_at', { withTimezone: true }).notNull(),
    verdict: text('verdict').notNull(),
    entered_by: integer('entered_by')
      .notNull()
      .references(() => users.id),
    comment: text('comment').notNull().default(''),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('qc_runs_facility_machine_at_idx').on(t.facility_id, t.machine_id, t.run_at)],
);

/** One control material's result in a run: its z-score against the material's target and the rules it fired. */
export const qcResults = pgTable(
  'qc_results',
  {
    id: serial('id').primaryKey(),
    run_id: integer('run_id')
      .notNull()
      .references(() => qcRuns.id),
    material_id: integer('material_id')
      .notNull()
      .references(() => qcMaterials.id),
    value: numeric('value', { mode: 'number' }).notNull(),
    z: numeric('z', { mode: 'number' }).notNull(),
    violations: jsonb('violations').$type<Violation<number>[]>().notNull().default([]),
  },
  (t) => [index('qc_results_material_idx').on(t.material_id, t.run_id)],
);

/** The Westgard rules a facility has set for a test's controls on one instrument (machine null: runs recorded without one). */
export const qcRuleSettings = pgTable(
  'qc_rule_settings',
  {
    id: serial('id').primaryKey(),
    facility_id: integer('facility_id')
      .notNull()
      .references(() => facilities.id),
    test_type_id: integer('test_type_id')
      .notNull()
      .references(() => testTypes.id),
    machine_id: integer('machine_id').references(() => machineSettings.id),
    rules: jsonb('rules').$type<Record<WestgardRule, RuleSetting>>().notNull(),
    updated_by: integer('updated_by')
      .notNull()
      .references(() => users.id),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('qc_rule_settings_uq').on(t.facility_id, t.test_type_id, sql`coalesce(${t.machine_id}, 0)`)],
);

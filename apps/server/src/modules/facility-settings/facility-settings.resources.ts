import { and, eq, getTableColumns } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import {
  facilityTatBody,
  facilityTatItem,
  machineSettingBody,
  machineSettingItem,
  qcConfigBody,
  qcConfigItem,
  testMeasureBody,
  testMeasureItem,
  testServiceBody,
  testServiceItem,
} from '@nlims/contracts';
import type { ResourceDef, Rule } from '../../core/resource.js';
import { testTypes } from '../catalogue/catalogue.table.js';
import { facilityPrograms } from '../facilities/facilities.table.js';
import { programs } from '../programs/programs.table.js';
import { benches, sections } from '../reference/reference.table.js';
import { ValidationError } from '../../core/errors.js';
import { isFacilityAdminPrincipal } from '../users/users.service.js';
import * as t from './facility-settings.table.js';
import { facilitySettingChanged } from './setting-changed.js';

const facilityAdmin: Rule = (p) => isFacilityAdminPrincipal(p) && p.facilityId != null;
/** Staff of a facility read its settings (result entry needs the ranges); the super admin reads all. */
const facilityStaff: Rule = (p) => p.isSuperuser || p.facilityId != null;

export interface FacilitySettingOptions {
  afterSave?: ResourceDef['afterSave'];
  path: string;
  entity: string;
  table: PgTable & { id: PgColumn; facility: PgColumn };
  body: z.ZodObject;
  item: z.ZodObject;
  /** Joins the test's name (and programme) when the table has a test_type column. */
  withTest?: boolean;
  /** Joins the bench's name (the table has a bench column). */
  withBench?: boolean;
  validate?: ResourceDef['validate'];
  write?: Rule;
  read?: Rule;
  search?: string[];
  filters?: string[];
  ordering: string[];
  defaultOrdering: string;
}

/**
 * A facility-owned setting: scoped to the caller's facility and written by its
 * admin. Settings that orders, runs and QC refer to (test services, machines,
 * QC materials: those with `is_active`) are deactivated, never deleted; a TAT
 * or a reference range may be deleted (the audit trail keeps it, and past
 * results keep the due times and flags they were given).
 */
export function facilitySetting(o: FacilitySettingOptions): ResourceDef {
  const columns = getTableColumns(o.table) as Record<string, PgColumn>;
  const testColumn = columns.test_type;
  const fields: ResourceDef['fields'] = { ...columns };
  if (o.withTest && testColumn)
    Object.assign(fields, { test_type_name: testTypes.name, program_name: programs.name, default_tat_hours: testTypes.default_tat_hours });
  if (o.withBench && columns.bench) fields.bench_name = benches.name;
  type Joinable = { leftJoin: (...a: unknown[]) => Joinable };
  const pick = (names: string[]) => Object.fromEntries(names.map((n) => [n, (fields[n] as PgColumn | undefined) ?? columns[n]!]));
  return {
    path: o.path,
    entity: o.entity,
    table: o.table,
    id: o.table.id,
    fields,
    join:
      o.withTest && testColumn
        ? (q) => {
            const joined = (q as unknown as Joinable).leftJoin(testTypes, eq(testTypes.id, testColumn)).leftJoin(programs, eq(programs.id, testTypes.program));
            return (o.withBench && columns.bench ? joined.leftJoin(benches, eq(benches.id, columns.bench)) : joined) as typeof q;
          }
        : undefined,
    validate: o.withTest && testColumn ? both(checkTestOffered(o.table, testColumn), o.validate) : o.validate,
    // Every write is announced to the modules that act on settings.
    afterSave: async (tx, id, body, p) => {
      await o.afterSave?.(tx, id, body, p);
      await facilitySettingChanged.run({ tx, setting: o.path, id });
    },
    item: o.item,
    body: o.body as never,
    search: (o.search ?? []).map((n) => (fields[n] as PgColumn | undefined) ?? columns[n]!),
    filters: pick(o.filters ?? []),
    ordering: pick(o.ordering),
    defaultOrdering: o.defaultOrdering,
    access: { read: o.read ?? facilityStaff, write: o.write ?? facilityAdmin, delete: columns.is_active ? false : (o.write ?? facilityAdmin) },
    scope: { column: o.table.facility, valueKey: 'facility', of: (p) => (p.isSuperuser ? null : (p.facilityId ?? -1)) },
    tags: ['facility settings'],
  };
}

type Validate = NonNullable<ResourceDef['validate']>;
const both =
  (a: Validate, b?: ResourceDef['validate']): Validate =>
  async (...args) => {
    await a(...args);
    await b?.(...args);
  };

/** A facility configures only tests of the programmes it runs. */
const checkTestOffered =
  (table: PgTable & { id: PgColumn }, testColumn: PgColumn): Validate =>
  async (db, body, p, existingId) => {
    let testId = body.test_type as number | undefined;
    if (testId === undefined && existingId !== undefined) {
      testId = (await db.select({ test: testColumn }).from(table).where(eq(table.id, existingId)))[0]?.test as number | undefined;
    }
    if (testId == null || p.facilityId == null) return;
    const [row] = await db
      .select({ program: programs.name, runs: facilityPrograms.facilityId })
      .from(testTypes)
      .innerJoin(programs, eq(programs.id, testTypes.program))
      .leftJoin(facilityPrograms, and(eq(facilityPrograms.programId, testTypes.program), eq(facilityPrograms.facilityId, p.facilityId)))
      .where(eq(testTypes.id, testId));
    if (row && row.runs == null)
      throw ValidationError.field('test_type', `This test belongs to the ${row.program} programme, which your facility does not run.`);
  };

/** A machine that talks HL7 or ASTM listens on a port of its own (unique across the server: the database's index). */
const checkListener: ResourceDef['validate'] = async (db, body, _p, existingId) => {
  let protocol = body.protocol as string | undefined;
  let port = body.listen_port as number | null | undefined;
  if ((protocol === undefined || port === undefined) && existingId !== undefined) {
    const [row] = await db
      .select({ protocol: t.machineSettings.protocol, port: t.machineSettings.listen_port })
      .from(t.machineSettings)
      .where(eq(t.machineSettings.id, existingId));
    protocol ??= row?.protocol;
    if (port === undefined) port = row?.port ?? null;
  }
  if (protocol && protocol !== 'none' && port == null)
    throw ValidationError.field('listen_port', 'A machine that sends HL7 or ASTM needs a port to listen on.');
};

/** A test's bench must exist and, when the test has a section, belong to that section. */
const checkBench: ResourceDef['validate'] = async (db, body, _p, existingId) => {
  const benchId = body.bench as number | null | undefined;
  if (benchId == null) return;
  const [row] = await db.select({ section: benches.section, active: benches.is_active }).from(benches).where(eq(benches.id, benchId));
  if (!row) throw ValidationError.field('bench', `Invalid pk "${benchId}" - object does not exist.`);
  if (!row.active) throw ValidationError.field('bench', 'This bench is not active.');
  let testId = body.test_type as number | undefined;
  if (testId === undefined && existingId !== undefined) {
    testId = (await db.select({ test: t.facilityTestServices.test_type }).from(t.facilityTestServices).where(eq(t.facilityTestServices.id, existingId)))[0]
      ?.test;
  }
  if (testId === undefined) return;
  const [test] = await db
    .select({ section: testTypes.section, sectionName: sections.name })
    .from(testTypes)
    .leftJoin(sections, eq(sections.id, testTypes.section))
    .where(eq(testTypes.id, testId));
  if (test?.section != null && test.section !== row.section) throw ValidationError.field('bench', `Choose a bench of the ${test.sectionName} section.`);
};

export const FACILITY_SETTING_DEFS: ResourceDef[] = [
  facilitySetting({
    path: 'facility_test_service',
    entity: 'test_service',
    table: t.facilityTestServices,
    body: testServiceBody,
    item: testServiceItem,
    withTest: true,
    withBench: true,
    validate: checkBench,
    search: ['test_type_name'],
    filters: ['test_type', 'is_active', 'bench'],
    ordering: ['test_type_name', 'price', 'program_name', 'bench_name'],
    defaultOrdering: 'test_type_name',
  }),
  facilitySetting({
    path: 'facility_tat',
    entity: 'tat',
    table: t.facilityTats,
    body: facilityTatBody,
    item: facilityTatItem,
    withTest: true,
    search: ['test_type_name'],
    filters: ['test_type'],
    ordering: ['test_type_name', 'hours'],
    defaultOrdering: 'test_type_name',
  }),
  facilitySetting({
    path: 'facility_test_measure',
    entity: 'test_measure',
    table: t.facilityTestMeasures,
    body: testMeasureBody,
    item: testMeasureItem,
    withTest: true,
    search: ['test_type_name'],
    filters: ['test_type', 'sex'],
    ordering: ['test_type_name', 'sex', 'age_min_days'],
    defaultOrdering: 'test_type_name',
  }),
  facilitySetting({
    path: 'machine_setting',
    entity: 'machine_setting',
    table: t.machineSettings,
    body: machineSettingBody,
    item: machineSettingItem,
    // Every laboratory's analysers, a clinical laboratory's chemistry and haematology too (DESIGN §3: QC for every
    // programme); its staff read them to say which instrument a QC run was on.
    write: facilityAdmin,
    validate: checkListener,
    search: ['name', 'model', 'serial_number'],
    filters: ['instrument', 'is_active'],
    ordering: ['name', 'model', 'serial_number'],
    defaultOrdering: 'name',
  }),
  facilitySetting({
    path: 'qc_test_config',
    entity: 'qc_material',
    table: t.qcMaterials,
    body: qcConfigBody,
    item: qcConfigItem,
    withTest: true,
    write: facilityAdmin,
    search: ['name', 'lot_number', 'test_type_name'],
    filters: ['test_type', 'level', 'is_active'],
    ordering: ['name', 'lot_number', 'expiry_date', 'test_type_name'],
    defaultOrdering: 'test_type_name',
  }),
];

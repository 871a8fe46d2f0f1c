import { eq, inArray } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { testTypeBody, testTypeItem, type TestTypeBody } from '@nlims/contracts';
import type { Tx } from '../../core/db.js';
import { ValidationError } from '../../core/errors.js';
import type { ResourceDef } from '../../core/resource.js';
import { programs } from '../programs/programs.table.js';
import { instruments, methods, sampleTypes, sections } from '../reference/reference.table.js';
import { testTypeInstruments, testTypeMethods, testTypes, testTypeSampleTypes } from './catalogue.table.js';

type Body = Partial<TestTypeBody>;

/** The link tables behind the id lists of a test. */
const LINKS = [
  { field: 'sample_types', table: testTypeSampleTypes, key: 'sampleTypeId', target: sampleTypes },
  { field: 'methods', table: testTypeMethods, key: 'methodId', target: methods },
  { field: 'instruments', table: testTypeInstruments, key: 'instrumentId', target: instruments },
] as const;

async function exists(tx: Tx, table: PgTable & { id: PgColumn }, id: number) {
  return (await tx.select({ id: table.id }).from(table).where(eq(table.id, id))).length > 0;
}

async function validate(tx: Tx, body: Body, _p: unknown, existingId?: number) {
  const [stored] = existingId ? await tx.select().from(testTypes).where(eq(testTypes.id, existingId)) : [];
  const merged = { ...stored, ...Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined)) } as Record<string, unknown>;
  for (const [lo, hi] of [
    ['reporting_low', 'reporting_high'],
    ['ref_low', 'ref_high'],
    ['critical_low', 'critical_high'],
  ] as const) {
    const l = merged[lo] as number | null | undefined;
    const h = merged[hi] as number | null | undefined;
    if (l != null && h != null && l > h) throw ValidationError.field(lo, 'The low value must not be above the high value.');
  }
  if (body.program !== undefined && !(await exists(tx, programs, body.program)))
    throw ValidationError.field('program', `Invalid pk "${body.program}" - object does not exist.`);
  if (body.section != null && !(await exists(tx, sections, body.section)))
    throw ValidationError.field('section', `Invalid pk "${body.section}" - object does not exist.`);
  if (body.panel != null) {
    const [panel] = await tx.select({ isPanel: testTypes.is_panel }).from(testTypes).where(eq(testTypes.id, body.panel));
    if (!panel?.isPanel || body.panel === existingId) throw ValidationError.field('panel', 'Choose a panel test.');
  }
  for (const link of LINKS) {
    const ids = body[link.field];
    if (!ids?.length) continue;
    const found = await tx.select({ id: link.target.id }).from(link.target).where(inArray(link.target.id, ids));
    const missing = ids.find((id) => !found.some((f) => f.id === id));
    if (missing !== undefined) throw ValidationError.field(link.field, `Invalid pk "${missing}" - object does not exist.`);
  }
}

const toValues = (body: Body) => Object.fromEntries(Object.entries(body).filter(([k, v]) => v !== undefined && !LINKS.some((l) => l.field === k)));

async function afterSave(tx: Tx, id: number, body: Body) {
  for (const link of LINKS) {
    const ids = body[link.field];
    if (!ids) continue;
    await tx.delete(link.table).where(eq(link.table.testTypeId, id));
    if (ids.length) await tx.insert(link.table).values([...new Set(ids)].map((v) => ({ testTypeId: id, [link.key]: v })) as never);
  }
}

/** Sample types, methods and instruments of a page of tests, three queries in all. */
async function expand(tx: Tx, rows: Record<string, unknown>[]) {
  const ids = rows.map((r) => r.id as number);
  if (!ids.length) return rows;
  const linked = await Promise.all(LINKS.map((l) => tx.select().from(l.table).where(inArray(l.table.testTypeId, ids))));
  return rows.map((r) => ({
    ...r,
    ...Object.fromEntries(LINKS.map((l, i) => [l.field, (linked[i] as Record<string, number>[]).filter((x) => x.testTypeId === r.id).map((x) => x[l.key]!)])),
  }));
}

const fields = {
  id: testTypes.id,
  program: testTypes.program,
  program_name: programs.name,
  name: testTypes.name,
  code: testTypes.code,
  loinc_code: testTypes.loinc_code,
  section: testTypes.section,
  section_name: sections.name,
  result_type: testTypes.result_type,
  unit: testTypes.unit,
  decimals: testTypes.decimals,
  reporting_low: testTypes.reporting_low,
  reporting_high: testTypes.reporting_high,
  ref_low: testTypes.ref_low,
  ref_high: testTypes.ref_high,
  critical_low: testTypes.critical_low,
  critical_high: testTypes.critical_high,
  codes: testTypes.codes,
  is_culture: testTypes.is_culture,
  is_panel: testTypes.is_panel,
  panel: testTypes.panel,
  default_tat_hours: testTypes.default_tat_hours,
  is_active: testTypes.is_active,
};

/** The catalogue (`test_type/`): everyone signed in reads it, the super admin writes it. */
export const testTypeResource: ResourceDef = {
  path: 'test_type',
  entity: 'test_type',
  table: testTypes,
  id: testTypes.id,
  fields,
  join: (q) =>
    (q as unknown as { leftJoin: (...a: unknown[]) => { leftJoin: (...a: unknown[]) => unknown } })
      .leftJoin(programs, eq(programs.id, testTypes.program))
      .leftJoin(sections, eq(sections.id, testTypes.section)) as typeof q,
  item: testTypeItem,
  body: testTypeBody as never,
  toValues,
  validate,
  afterSave,
  expand,
  search: [testTypes.name, testTypes.code, testTypes.loinc_code],
  filters: {
    id: testTypes.id,
    program: testTypes.program,
    program__name: programs.name as never,
    section: testTypes.section,
    result_type: testTypes.result_type,
    is_culture: testTypes.is_culture,
    is_panel: testTypes.is_panel,
    panel: testTypes.panel,
    is_active: testTypes.is_active,
  },
  ordering: {
    name: testTypes.name,
    code: testTypes.code,
    program: programs.name as never,
    section: sections.name as never,
    default_tat_hours: testTypes.default_tat_hours,
  },
  defaultOrdering: 'name',
  access: { delete: false },
  allWithoutPage: true,
  tags: ['catalogue'],
};

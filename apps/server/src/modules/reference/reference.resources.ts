import { eq, getTableColumns, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { benchBody, benchItem, REFERENCE_RESOURCES, type ReferenceResource } from '@nlims/contracts';
import { ValidationError } from '../../core/errors.js';
import { numberFilter, type ResourceDef } from '../../core/resource.js';
import { testTypes } from '../catalogue/catalogue.table.js';
import * as t from './reference.table.js';

const TABLES: Record<ReferenceResource, PgTable> = {
  section: t.sections,
  method: t.methods,
  instrument: t.instruments,
  occupation: t.occupations,
  organism: t.organisms,
  antibiotic: t.antibiotics,
  client_identifier_type: t.clientIdentifierTypes,
  sample_type: t.sampleTypes,
  rejection_reason: t.rejectionReasons,
  result_rejection_reason: t.resultRejectionReasons,
  supplier: t.suppliers,
  manufacturer: t.manufacturers,
  measure_unit: t.measureUnits,
  courier_provider: t.courierProviders,
  lab_network: t.labNetworks,
};

const TEXT_SEARCH = ['name', 'reason', 'code', 'symbol', 'manufacturer', 'model', 'antibiotic_class', 'country'];

/** One declaration per plain reference table: everyone signed in reads, the super admin writes. */
function plainResource(path: ReferenceResource): ResourceDef {
  const table = TABLES[path];
  const columns = getTableColumns(table) as Record<string, PgColumn>;
  const label = 'name' in columns ? 'name' : 'reason';
  return {
    path,
    entity: path,
    table,
    id: columns.id!,
    fields: columns,
    item: REFERENCE_RESOURCES[path].item,
    body: REFERENCE_RESOURCES[path].body,
    search: TEXT_SEARCH.filter((c) => c in columns).map((c) => columns[c]!),
    filters: { is_active: columns.is_active! },
    ordering: Object.fromEntries(Object.entries(columns).filter(([k]) => k !== 'description')),
    defaultOrdering: label,
    access: {},
    allWithoutPage: true,
    tags: ['reference'],
  };
}

const benchColumns = getTableColumns(t.benches);
const bench: ResourceDef = {
  path: 'bench',
  entity: 'bench',
  table: t.benches,
  id: t.benches.id,
  fields: { ...benchColumns, section_name: t.sections.name },
  join: (q) => (q as { leftJoin: (...a: unknown[]) => unknown }).leftJoin(t.sections, eq(t.sections.id, t.benches.section)) as typeof q,
  item: benchItem,
  body: benchBody,
  async validate(db, body) {
    if (body.section === undefined) return;
    const [row] = await db
      .select({ id: t.sections.id })
      .from(t.sections)
      .where(eq(t.sections.id, body.section as number));
    if (!row) throw ValidationError.field('section', `Invalid pk "${body.section}" - object does not exist.`);
  },
  search: [t.benches.name, t.benches.code],
  filters: { section: t.benches.section, is_active: t.benches.is_active },
  // The benches that may run a test: those of its section (any bench when the test has none).
  filterWhere: {
    test_type: (raw) =>
      sql`${t.benches.section} = coalesce((select ${testTypes.section} from ${testTypes} where ${testTypes.id} = ${numberFilter('test_type', raw, { integer: true })}), ${t.benches.section})`,
  },
  ordering: { name: t.benches.name, code: t.benches.code, section: t.sections.name as unknown as PgColumn },
  defaultOrdering: 'name',
  access: {},
  allWithoutPage: true,
  tags: ['reference'],
};

export const REFERENCE_DEFS: ResourceDef[] = [...(Object.keys(TABLES) as ReferenceResource[]).map(plainResource), bench];

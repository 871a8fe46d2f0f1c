import { getTableColumns } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { REFERENCE_RESOURCES, type ReferenceResource } from '@nlims/contracts';
import type { ResourceDef } from '../../core/resource.js';
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

export const REFERENCE_DEFS: ResourceDef[] = (Object.keys(TABLES) as ReferenceResource[]).map(plainResource);

import { eq, getTableColumns, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { benchBody, benchItem } from '@nlims/contracts';
import { ValidationError } from '../../core/errors.js';
import { numberFilter, type ResourceDef } from '../../core/resource.js';
import * as t from '../reference/reference.table.js';
import { testTypes } from './catalogue.table.js';

const benchColumns = getTableColumns(t.benches);

/**
 * Benches are a reference list, served beside the catalogue because the list also answers a catalogue question:
 * which benches may run a test (those of its section). Reference, below the catalogue, does not read test types.
 */
export const benchResource: ResourceDef = {
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

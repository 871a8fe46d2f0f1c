import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Tx } from '../core/db.js';
import * as t from '../modules/reference/reference.table.js';
import * as L from './reference-lists.js';

/** Seed the reference lists once: a table that already has rows is left as the admins made it. */
export async function seedReferenceLists(tx: Tx): Promise<void> {
  const empty = async (table: PgTable & { id: PgColumn }) => (await tx.select({ id: table.id }).from(table).limit(1)).length === 0;
  if (await empty(t.sections)) {
    await tx.insert(t.sections).values(L.SECTIONS.map(([name, code]) => ({ name, code })));
    const sections = await tx.select().from(t.sections);
    const sectionId = (name: string) => sections.find((s) => s.name === name)!.id;
    await tx.insert(t.benches).values(L.BENCHES.map(([name, code, section]) => ({ name, code, section: sectionId(section) })));
  }
  if (await empty(t.methods)) await tx.insert(t.methods).values(L.METHODS.map(([name, code]) => ({ name, code })));
  if (await empty(t.instruments)) await tx.insert(t.instruments).values(L.INSTRUMENTS.map(([name, manufacturer, model]) => ({ name, manufacturer, model })));
  if (await empty(t.sampleTypes)) await tx.insert(t.sampleTypes).values(L.SAMPLE_TYPES.map(([name, code]) => ({ name, code })));
  if (await empty(t.rejectionReasons)) await tx.insert(t.rejectionReasons).values(L.REJECTION_REASONS.map(([reason, code]) => ({ reason, code })));
  if (await empty(t.resultRejectionReasons)) {
    await tx.insert(t.resultRejectionReasons).values(L.RESULT_REJECTION_REASONS.map(([reason, code]) => ({ reason, code })));
  }
  if (await empty(t.organisms)) await tx.insert(t.organisms).values(L.ORGANISMS.map(([name, code, gram_stain]) => ({ name, code, gram_stain })));
  if (await empty(t.antibiotics)) await tx.insert(t.antibiotics).values(L.ANTIBIOTICS.map(([name, code, antibiotic_class]) => ({ name, code, antibiotic_class })));
  if (await empty(t.clientIdentifierTypes)) await tx.insert(t.clientIdentifierTypes).values(L.IDENTIFIER_TYPES.map(([name, code]) => ({ name, code })));
  if (await empty(t.measureUnits)) await tx.insert(t.measureUnits).values(L.MEASURE_UNITS.map(([name, symbol]) => ({ name, symbol })));
  if (await empty(t.occupations)) await tx.insert(t.occupations).values(L.OCCUPATIONS.map((name) => ({ name })));
}

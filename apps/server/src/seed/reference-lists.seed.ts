import type { Tx } from '../core/db.js';
import * as t from '../modules/reference/reference.table.js';
import * as L from './reference-lists.js';

/**
 * Seed the reference lists. Each entry is inserted unless one of that name is
 * already there, so a release that adds entries reaches existing installs
 * while the admins' own edits stay (entries are deactivated, not deleted).
 */
export async function seedReferenceLists(tx: Tx): Promise<void> {
  await tx
    .insert(t.sections)
    .values(L.SECTIONS.map(([name, code]) => ({ name, code })))
    .onConflictDoNothing();
  const sections = await tx.select().from(t.sections);
  const sectionId = (name: string) => sections.find((s) => s.name === name)!.id;
  await tx
    .insert(t.benches)
    .values(L.BENCHES.map(([name, code, section]) => ({ name, code, section: sectionId(section) })))
    .onConflictDoNothing();
  await tx
    .insert(t.methods)
    .values(L.METHODS.map(([name, code]) => ({ name, code })))
    .onConflictDoNothing();
  await tx
    .insert(t.instruments)
    .values(L.INSTRUMENTS.map(([name, manufacturer, model]) => ({ name, manufacturer, model })))
    .onConflictDoNothing();
  await tx
    .insert(t.sampleTypes)
    .values(L.SAMPLE_TYPES.map(([name, code]) => ({ name, code })))
    .onConflictDoNothing();
  await tx
    .insert(t.rejectionReasons)
    .values(L.REJECTION_REASONS.map(([reason, code]) => ({ reason, code })))
    .onConflictDoNothing();
  await tx
    .insert(t.resultRejectionReasons)
    .values(L.RESULT_REJECTION_REASONS.map(([reason, code]) => ({ reason, code })))
    .onConflictDoNothing();
  await tx
    .insert(t.organisms)
    .values(L.ORGANISMS.map(([name, code, gram_stain]) => ({ name, code, gram_stain })))
    .onConflictDoNothing();
  await tx
    .insert(t.antibiotics)
    .values(L.ANTIBIOTICS.map(([name, code, antibiotic_class]) => ({ name, code, antibiotic_class })))
    .onConflictDoNothing();
  await tx
    .insert(t.clientIdentifierTypes)
    .values(L.IDENTIFIER_TYPES.map(([name, code]) => ({ name, code })))
    .onConflictDoNothing();
  await tx
    .insert(t.measureUnits)
    .values(L.MEASURE_UNITS.map(([name, symbol]) => ({ name, symbol })))
    .onConflictDoNothing();
  await tx
    .insert(t.occupations)
    .values(L.OCCUPATIONS.map((name) => ({ name })))
    .onConflictDoNothing();
}

import { PROGRAMS } from '@nlims/contracts';
import type { Tx } from '../core/db.js';
import { lgas, states } from '../modules/geo/geo.table.js';
import { programs } from '../modules/programs/programs.table.js';
import { nigeriaStates } from './geo-data.js';
import { seedCatalogue } from './catalogue.seed.js';
import { seedReferenceLists } from './reference-lists.seed.js';

/** Reference data every install needs; idempotent, so it runs at every start. */
export async function seedReference(tx: Tx): Promise<void> {
  await tx
    .insert(programs)
    .values(PROGRAMS.map((name) => ({ name })))
    .onConflictDoNothing();
  await seedGeography(tx);
  await seedReferenceLists(tx);
  await seedCatalogue(tx);
}

async function seedGeography(tx: Tx): Promise<void> {
  const geo = nigeriaStates();
  const stateRows = await tx
    .insert(states)
    .values(geo.map(({ name, code }) => ({ name, code })))
    .onConflictDoNothing()
    .returning();
  if (stateRows.length === 0) return; // already seeded
  const idByName = new Map(stateRows.map((s) => [s.name, s.id]));
  await tx
    .insert(lgas)
    .values(geo.flatMap((s) => s.lgas.map((name) => ({ name, stateId: idByName.get(s.name)! }))))
    .onConflictDoNothing();
}

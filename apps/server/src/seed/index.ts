import type { Db } from '../core/db.js';
import { seedAggregateRules } from './aggregates.js';
import { seedDemo } from './demo.js';
import { seedReference } from './reference.js';

export async function seed(db: Db, options: { demo: boolean }): Promise<void> {
  await db.transaction(async (tx) => {
    await seedReference(tx);
    // Before any sample is written, so every test is classified by the rules in force.
    await seedAggregateRules(tx);
    if (options.demo) await seedDemo(tx);
  });
}

import type { Db } from '../core/db.js';
import { seedDemo } from './demo.js';
import { seedReference } from './reference.js';

export async function seed(db: Db, options: { demo: boolean }): Promise<void> {
  await db.transaction(async (tx) => {
    await seedReference(tx);
    if (options.demo) await seedDemo(tx);
  });
}

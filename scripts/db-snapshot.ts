/**
 * After a hand-written migration (a rename or a data move drizzle-kit cannot
 * express): record the schema snapshot of the current *.table.ts files and the
 * journal entry, so the next `npm run db:generate` diffs from the right place.
 *
 *   npx tsx scripts/db-snapshot.ts 0016_orders_hold_samples
 *
 * Prints the statements drizzle-kit would have generated, to compare with the
 * hand-written SQL, when it can diff without asking about renames.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { generateDrizzleJson, generateMigration } from 'drizzle-kit/api';
import * as schema from '../apps/server/src/db/schema.js';

const dir = new URL('../apps/server/drizzle/', import.meta.url);
const tag = process.argv[2];
if (!tag || !/^\d{4}_/.test(tag)) throw new Error('Usage: tsx scripts/db-snapshot.ts <nnnn_name of the migration file>');
const index = tag.slice(0, 4);
const previous = String(Number(index) - 1).padStart(4, '0');
const prev = JSON.parse(readFileSync(new URL(`meta/${previous}_snapshot.json`, dir), 'utf8'));
const next = generateDrizzleJson(schema as never, prev.id);
try {
  console.log((await generateMigration(prev, next)).join('\n'));
} catch {
  console.log('(drizzle-kit cannot diff this change without asking about renames; the snapshot is written all the same)');
}
writeFileSync(new URL(`meta/${index}_snapshot.json`, dir), `${JSON.stringify(next, null, 2)}\n`);
const journal = JSON.parse(readFileSync(new URL('meta/_journal.json', dir), 'utf8'));
if (!journal.entries.some((e: { tag: string }) => e.tag === tag))
  journal.entries.push({ idx: Number(index), version: '7', when: Date.now(), tag, breakpoints: true });
writeFileSync(new URL('meta/_journal.json', dir), `${JSON.stringify(journal, null, 2)}\n`);

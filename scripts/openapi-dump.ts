/**
 * Print the API's OpenAPI document (an embedded database with the reference data only): `npx tsx scripts/openapi-dump.ts > openapi.json`.
 * Compare two with `npx tsx scripts/openapi-diff.ts before.json after.json`.
 */
import { randomBytes } from 'node:crypto';
import { buildApp } from '../apps/server/src/app.js';
import { openPglite } from '../apps/server/src/core/db.js';
import { seed } from '../apps/server/src/seed/index.js';

const database = await openPglite(null);
await seed(database.db, { demo: false });
const app = await buildApp({ database, jwtSecret: randomBytes(32) });
const res = await app.inject({ url: '/api/openapi.json' });
process.stdout.write(`${JSON.stringify(res.json(), null, 2)}\n`);
await app.close();
await database.close();

// Writes the API's OpenAPI document (as /api/openapi.json serves it) to a file, to compare releases:
//   npm run openapi -- before.json   (then again after a change, and diff the two)
// It builds the app on an empty embedded database with the reference data; nothing is kept.
import { writeFileSync } from 'node:fs';
import { buildApp } from '../apps/server/src/app.js';
import { openPglite } from '../apps/server/src/core/db.js';
import { seed } from '../apps/server/src/seed/index.js';

const out = process.argv[2] ?? 'openapi.json';
const database = await openPglite(null);
await seed(database.db, { demo: false });
const app = await buildApp({ database, jwtSecret: new Uint8Array(32).fill(7), webDist: null });
await app.ready();
const res = await app.inject({ url: '/api/openapi.json' });
writeFileSync(out, `${JSON.stringify(JSON.parse(res.body), null, 1)}\n`);
await app.close();
await database.close();
console.log(`The OpenAPI document: ${out}`);

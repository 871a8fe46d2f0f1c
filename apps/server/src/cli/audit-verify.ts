/**
 * Check the audit trail's hash chain:
 *   npm run audit:verify
 * Reads DATABASE_URL, or the embedded database under DATA_DIR. Prints
 * "audit trail intact: N rows" and the latest hash (exit 0), or the first broken row (exit 1).
 */
import { loadConfig } from '../core/config.js';
import { openDatabase } from '../core/db.js';
import { verifyAuditTrail } from '../modules/audit/audit.service.js';

const config = loadConfig();
const database = await openDatabase(config);
const result = await verifyAuditTrail(database.db);
await database.close();
if (result.ok) {
  console.log(`audit trail intact: ${result.rows} rows`);
  console.log(`latest hash: ${result.head}`);
} else {
  console.error(`audit trail broken at ${result.id == null ? 'the end of the chain' : `row id ${result.id}`}: ${result.problem}`);
  console.error(`${result.rows} rows before it are intact.`);
  process.exit(1);
}

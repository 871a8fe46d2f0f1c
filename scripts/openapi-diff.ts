/**
 * Compare two OpenAPI documents (scripts/openapi-dump.ts): every key of the first must be in the second with the
 * same value (arrays element by element), so the change is additions only. Prints what was removed or changed and
 * how much was added; exits 1 on any removal or change.
 * `npx tsx scripts/openapi-diff.ts before.json after.json`
 */
import { readFileSync } from 'node:fs';

const [beforeFile, afterFile] = process.argv.slice(2);
if (!beforeFile || !afterFile) {
  console.error('usage: openapi-diff.ts before.json after.json');
  process.exit(2);
}
const before: unknown = JSON.parse(readFileSync(beforeFile, 'utf8'));
const after: unknown = JSON.parse(readFileSync(afterFile, 'utf8'));

const changed: string[] = [];
let added = 0;
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function compare(a: unknown, b: unknown, path: string): void {
  if (isObject(a)) {
    if (!isObject(b)) {
      changed.push(`${path}: was an object`);
      return;
    }
    for (const key of Object.keys(a)) {
      if (!(key in b)) changed.push(`${path}/${key}: removed`);
      else compare(a[key], b[key], `${path}/${key}`);
    }
    added += Object.keys(b).filter((key) => !(key in a)).length;
    return;
  }
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) {
      changed.push(`${path}: array changed (${JSON.stringify(a).slice(0, 120)})`);
      return;
    }
    for (const [i, x] of a.entries()) compare(x, b[i], `${path}/${i}`);
    return;
  }
  if (a !== b) changed.push(`${path}: ${JSON.stringify(a)} → ${JSON.stringify(b)}`);
}

compare(before, after, '');
console.log(`${added} keys added; ${changed.length} removed or changed`);
for (const line of changed.slice(0, 50)) console.log(`  ${line}`);
if (changed.length) process.exit(1);

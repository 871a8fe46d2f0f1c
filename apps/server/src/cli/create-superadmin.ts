/**
 * Create the first super admin account:
 *   npm run create-superadmin -- --username admin --password 'a-long-passphrase-of-your-own'
 * or with SUPERADMIN_USERNAME / SUPERADMIN_PASSWORD; asks when neither is given on a terminal.
 */
import { createInterface } from 'node:readline/promises';
import { parseArgs } from 'node:util';
import { changePasswordRequest } from '@nlims/contracts';
import { loadConfig } from '../core/config.js';
import { openDatabase } from '../core/db.js';
import { hashPassword, passwordProblems } from '../modules/users/users.service.js';
import { seedUser } from '../seed/builders.js';
import { seed } from '../seed/index.js';

const { values } = parseArgs({ options: { username: { type: 'string' }, password: { type: 'string' } } });

async function ask(question: string): Promise<string> {
  if (!process.stdin.isTTY) throw new Error(`Missing ${question}: pass --username and --password.`);
  const rl = createInterface({ input: process.stdin, output: process.stdout });
  const answer = await rl.question(`${question}: `);
  rl.close();
  return answer.trim();
}

const username = values.username ?? process.env.SUPERADMIN_USERNAME ?? (await ask('Username'));
const password = values.password ?? process.env.SUPERADMIN_PASSWORD ?? (await ask('Password'));
const checked = changePasswordRequest.safeParse({ username, password });
if (!checked.success) {
  for (const issue of checked.error.issues) console.error(`${issue.path.join('.')}: ${issue.message}`);
  process.exit(2);
}
const problems = await passwordProblems(password, { username });
if (problems.length) {
  console.error(`password: ${problems.join(' ')}`);
  process.exit(2);
}

const config = loadConfig();
const database = await openDatabase(config);
await seed(database.db, { demo: false });
const id = await seedUser(database.db, { username, passwordHash: await hashPassword(password), isSuperuser: true, firstName: 'Super', lastName: 'Admin' });
console.log(`Super admin ${username} is ready (user id ${id}).`);
await database.close();

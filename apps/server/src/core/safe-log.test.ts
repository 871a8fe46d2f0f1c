import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { DEMO_PASSWORD } from '../seed/demo.js';
import { openDemoPglite } from '../test/harness.js';
import type { Database } from './db.js';
import type { App } from './types.js';

let database: Database;
let app: App;
const lines: string[] = [];
beforeAll(async () => {
  database = await openDemoPglite();
  app = await buildApp({ database, jwtSecret: randomBytes(32), logLevel: 'info', logStream: { write: (line) => lines.push(line) } });
  // A constraint the client's name breaks, so that the INSERT itself fails in the database.
  await database.db.execute(sql`alter table clients add constraint clients_no_zebulon check (first_name <> 'Zebulonius')`);
});
afterAll(async () => {
  await app.close();
  await database.close();
});

describe('server logs', () => {
  it('carry no patient data when an INSERT fails, nor request bodies or query strings', async () => {
    const login = await app.inject({ method: 'POST', url: '/api/login/', payload: { username: 'clin_receptionist', password: DEMO_PASSWORD } });
    const headers = { authorization: `Bearer ${login.json().token}` };
    const res = await app.inject({
      method: 'POST',
      url: '/api/clients/',
      headers,
      payload: { first_name: 'Zebulonius', last_name: 'Okonkwo-Tracer', sex: 'male', date_of_birth: '1971-03-14', phone: '08031234567' },
    });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ detail: 'A server error occurred.' });
    await app.inject({ url: '/api/clients/?page=1&search=Okonkwo-Tracer', headers });
    const log = lines.join('');
    // the failure is logged, with what is needed to find it
    expect(log).toContain('request failed');
    expect(log).toContain('23514');
    expect(log).toContain('clients_no_zebulon');
    expect(log).toContain('insert into');
    // and nothing about the patient
    for (const value of ['Zebulonius', 'Okonkwo-Tracer', '1971-03-14', '08031234567', DEMO_PASSWORD]) expect(log).not.toContain(value);
  });
});

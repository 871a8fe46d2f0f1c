import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../test/harness.js';
import { recordAudits, verifyAuditTrail } from './audit.service.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const rows = async <T>(query: ReturnType<typeof sql>): Promise<T[]> => {
  const result = await t.database.db.execute(query);
  return ((result as { rows?: unknown[] }).rows ?? result) as T[];
};

/** Run a statement as a superuser with the append-only trigger off, as an attacker with the owner's rights could. */
async function bypass(statement: ReturnType<typeof sql>) {
  await t.database.db.transaction(async (tx) => {
    await tx.execute(sql`alter table audit_events disable trigger audit_events_append_only`);
    await tx.execute(statement);
    await tx.execute(sql`alter table audit_events enable trigger audit_events_append_only`);
  });
}

describe('audit trail', () => {
  it('refuses UPDATE, DELETE and TRUNCATE through the application database handle, and the app keeps working', async () => {
    await recordAudits(t.database.db, null, [{ action: 'test.first', entity: 'test' }]);
    const [first] = await rows<{ id: number }>(sql`select id from audit_events order by id limit 1`);
    expect(first).toBeDefined();
    await expect(t.database.db.execute(sql`update audit_events set reason = 'changed' where id = ${first!.id}`)).rejects.toThrow();
    await expect(t.database.db.execute(sql`delete from audit_events where id = ${first!.id}`)).rejects.toThrow();
    await expect(t.database.db.execute(sql`truncate audit_events`)).rejects.toThrow();
    await expect(t.database.db.execute(sql`update audit_chain_head set seq = 0`)).rejects.toThrow();
    const admin = bearer(await t.token('superadmin'));
    const created = await t.app.inject({ method: 'POST', url: '/api/supplier/', headers: admin, payload: { name: 'Append-only supplies' } });
    expect(created.statusCode).toBe(201);
    const [after] = await rows<{ n: number }>(sql`select count(*)::int as n from audit_events where action = 'supplier.created'`);
    expect(after!.n).toBeGreaterThan(0);
  });

  it('chains every row, including rows written concurrently and in bulk', async () => {
    await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        t.database.db.transaction((tx) =>
          recordAudits(
            tx,
            null,
            Array.from({ length: 5 }, (_, j) => ({ action: 'test.concurrent', entity: 'test', entityId: `${i}-${j}`, after: { i, j, name: 'Ä "quoted"' } })),
          ),
        ),
      ),
    );
    await recordAudits(
      t.database.db,
      null,
      Array.from({ length: 500 }, (_, i) => ({ action: 'test.bulk', entity: 'test', entityId: String(i), fromStatus: 3, toStatus: 4 })),
    );
    const forks = await rows<{ n: number }>(sql`select count(*)::int as n from (select prev_hash from audit_events group by prev_hash having count(*) > 1) f`);
    expect(forks[0]!.n).toBe(0);
    const result = await verifyAuditTrail(t.database.db, 100);
    expect(result.ok).toBe(true);
    const [count] = await rows<{ n: number }>(sql`select count(*)::int as n from audit_events`);
    expect(result.rows).toBe(count!.n);
  });

  it('names a row whose content was changed behind the trigger', async () => {
    const [victim] = await rows<{ id: number }>(sql`select id from audit_events where action = 'test.bulk' order by id limit 1 offset 10`);
    await bypass(sql`update audit_events set to_status = 9 where id = ${victim!.id}`);
    const result = await verifyAuditTrail(t.database.db);
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.id).toBe(Number(victim!.id));
      expect(result.problem).toMatch(/content does not match its hash/);
    }
    await bypass(sql`update audit_events set to_status = 4 where id = ${victim!.id}`);
    expect((await verifyAuditTrail(t.database.db)).ok).toBe(true);
  });

  it('names the gap a deleted row leaves', async () => {
    const [victim] = await rows<{ id: number; seq: number }>(sql`select id, seq from audit_events where action = 'test.bulk' order by id limit 1 offset 20`);
    const [next] = await rows<{ id: number }>(sql`select id from audit_events where seq = ${Number(victim!.seq) + 1}`);
    await bypass(sql`delete from audit_events where id = ${victim!.id}`);
    const result = await verifyAuditTrail(t.database.db);
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.id).toBe(Number(next!.id));
      expect(result.problem).toMatch(new RegExp(`position ${victim!.seq} is missing`));
    }
  });
});

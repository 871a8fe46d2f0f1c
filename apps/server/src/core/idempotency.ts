import { createHash } from 'node:crypto';
import { and, eq, gte, lt, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { idempotencyKeys } from './idempotency.table.js';
import { principalOf } from './auth.js';
import { type Db, retryTransaction, type Tx } from './db.js';
import { AppError, conflict, ValidationError } from './errors.js';

export const IDEMPOTENCY_HEADER = 'idempotency-key';
/** How long a key is remembered. */
export const KEY_LIFETIME_MS = 24 * 60 * 60 * 1000;

/** The header as the OpenAPI document declares it on each create. */
export const idempotencyHeaders = z.looseObject({
  'idempotency-key': z
    .string()
    .optional()
    .describe('A fresh value (e.g. a UUID) per create; a retry with the same key and body replays the first reply instead of creating again.'),
});

const hashOf = (body: unknown) =>
  createHash('sha256')
    .update(JSON.stringify(body ?? null))
    .digest('hex');

async function stored(tx: Tx, userId: number, key: string) {
  const [row] = await tx
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key), gte(idempotencyKeys.createdAt, new Date(Date.now() - KEY_LIFETIME_MS))));
  return row;
}

/**
 * Run a create at most once per (user, Idempotency-Key), in one transaction
 * either way. Without the header the create simply runs. With it: a key already used for this request replays the
 * stored reply; a key used for a different request is a 422; a key whose first
 * request is still running is a 409. `work` gets the transaction the key is
 * recorded in, so the record exists exactly when the create committed. A
 * create that lost a deadlock is run again (retryTransaction).
 */
export async function idempotentCreate(
  db: Db,
  request: FastifyRequest,
  reply: FastifyReply,
  status: number,
  work: (tx: Db) => Promise<unknown>,
): Promise<never> {
  const raw = request.headers[IDEMPOTENCY_HEADER];
  if (raw === undefined) return reply.status(status).send(await retryTransaction(() => db.transaction((tx) => work(tx)))) as never;
  const key = Array.isArray(raw) ? raw[0]! : raw;
  if (key.length < 1 || key.length > 255) throw ValidationError.field('Idempotency-Key', 'Must be between 1 and 255 characters.');
  const userId = principalOf(request).id;
  const method = request.method;
  const path = request.url.split('?')[0]!;
  const hash = hashOf(request.body);
  const replay = (row: typeof idempotencyKeys.$inferSelect) => {
    if (row.method !== method || row.path !== path || row.requestHash !== hash)
      throw new AppError(422, 'This Idempotency-Key was already used for a different request; use a new key for a new request.');
    return reply
      .status(row.status)
      .header('idempotent-replayed', 'true')
      .send(row.reply as never) as never;
  };

  const before = await stored(db, userId, key);
  if (before) return replay(before);
  const outcome = await retryTransaction(() =>
    db.transaction(async (tx) => {
      // One request per key at a time: a second one while the first runs is told so rather than queued.
      const lock = await tx.execute(sql`select pg_try_advisory_xact_lock(hashtextextended(${`${userId}:${key}`}, 0)) as locked`);
      const rows = (lock as unknown as { rows?: { locked: boolean }[] }).rows ?? (lock as unknown as { locked: boolean }[]);
      if (!rows[0]?.locked) throw conflict('A request with this Idempotency-Key is still in progress; retry in a moment.');
      // The first request may have committed between the look-up above and the lock.
      const committed = await stored(tx, userId, key);
      if (committed) return { committed };
      const body = await work(tx as Db);
      const json = JSON.parse(JSON.stringify(body ?? null)) as unknown;
      await tx.delete(idempotencyKeys).where(and(eq(idempotencyKeys.userId, userId), lt(idempotencyKeys.createdAt, new Date(Date.now() - KEY_LIFETIME_MS))));
      await tx.insert(idempotencyKeys).values({ userId, key, method, path, requestHash: hash, status, reply: json });
      return { body };
    }),
  );
  if ('committed' in outcome) return replay(outcome.committed!);
  return reply.status(status).send(outcome.body as never) as never;
}

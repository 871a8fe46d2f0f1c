import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../../core/db.js';
import { tooManyRequests } from '../../core/errors.js';
import { loginFailures } from './auth.table.js';

/** Failed sign-ins allowed per window before 429: per username, and per client address. */
export const LOGIN_LIMITS = { windowMs: 15 * 60 * 1000, perUser: 5, perAddress: 30 };

const keys = (username: string, address: string) => [`user:${username.toLowerCase()}`, `ip:${address}`] as const;

/** Refuse the attempt when either counter is already at its limit inside the window. */
export async function assertLoginAllowed(db: Tx, username: string, address: string, now = new Date()): Promise<void> {
  const [userKey, ipKey] = keys(username, address);
  const since = new Date(now.getTime() - LOGIN_LIMITS.windowMs);
  for (const [key, limit] of [
    [userKey, LOGIN_LIMITS.perUser],
    [ipKey, LOGIN_LIMITS.perAddress],
  ] as const) {
    const [row] = await db.select().from(loginFailures).where(eq(loginFailures.key, key));
    if (row && row.windowStart > since && row.failures >= limit) {
      const wait = Math.ceil((row.windowStart.getTime() + LOGIN_LIMITS.windowMs - now.getTime()) / 60000);
      throw tooManyRequests(`Too many failed login attempts. Try again in ${wait} minute(s).`);
    }
  }
}

/** Count one failure against both keys; a window that has expired starts again at 1. */
export async function recordLoginFailure(db: Tx, username: string, address: string, now = new Date()): Promise<void> {
  const since = new Date(now.getTime() - LOGIN_LIMITS.windowMs);
  for (const key of keys(username, address)) {
    await db
      .insert(loginFailures)
      .values({ key, failures: 1, windowStart: now })
      .onConflictDoUpdate({
        target: loginFailures.key,
        set: {
          failures: sql`case when ${loginFailures.windowStart} > ${since.toISOString()}::timestamptz then ${loginFailures.failures} + 1 else 1 end`,
          windowStart: sql`case when ${loginFailures.windowStart} > ${since.toISOString()}::timestamptz then ${loginFailures.windowStart} else ${now.toISOString()}::timestamptz end`,
        },
      });
  }
}

export async function clearLoginFailures(db: Tx, username: string): Promise<void> {
  await db.delete(loginFailures).where(eq(loginFailures.key, keys(username, '')[0]));
}

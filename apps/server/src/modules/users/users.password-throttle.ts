import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../../core/db.js';
import { AppError } from '../../core/errors.js';
import { loginFailures } from './users.table.js';

/**
 * Password attempts are throttled, never locked out (ASVS 5.0 V6): after a few
 * consecutive failures each further attempt must wait a delay that doubles up
 * to a small cap, so an attacker is slowed to a guess a minute per account
 * while the account's owner waits at most that minute. The per-address
 * throttle starts far later and stays short, so one attacker behind a
 * hospital's shared address slows, but cannot lock out, its other users.
 * docs/decisions.md ("Sign-in throttling") gives the reasoning.
 */
export const THROTTLE = {
  account: { free: 5, baseMs: 1000, capMs: 60_000 },
  address: { free: 100, baseMs: 250, capMs: 10_000 },
  /** Failures older than this are forgotten. */
  windowMs: 15 * 60 * 1000,
};

type Rule = (typeof THROTTLE)['account'];

/** The throttle's clock; a test holds it still so that timing on a loaded machine cannot open a delay early. */
export const throttleClock = { now: (): Date => new Date() };

export class TooManyAttempts extends AppError {
  constructor(readonly retryAfterSeconds: number) {
    super(429, `Too many failed attempts. Try again in ${retryAfterSeconds} second(s).`, { 'retry-after': String(retryAfterSeconds) });
  }
}

const accountKey = (username: string) => `acct:${username.trim().toLowerCase()}`;
const addressKey = (address: string) => `ip:${address}`;

/** Delay (ms) owed after `failures` consecutive failures, as SQL over the stored count. */
const delaySql = (failures: unknown, rule: Rule) =>
  sql`case when ${failures} < ${rule.free} then 0 else least(${rule.capMs}::float8, ${rule.baseMs}::float8 * power(2, ${failures} - ${rule.free})) end`;

/** The rule of a stored row, chosen by its key's prefix. */
const ruleDelaySql = (failures: unknown) =>
  sql`(case when f.key like 'acct:%' then ${delaySql(failures, THROTTLE.account)} else ${delaySql(failures, THROTTLE.address)} end)`;

/**
 * Let a password attempt through or refuse it with 429, counting and deciding
 * in ONE statement over both counters (the account and the client address):
 * their rows are locked in key order, so concurrent attempts are serialised
 * and each sees the counts the one before left. The attempt is counted
 * against both only when neither owes a delay; a refused attempt changes
 * nothing, so a 429 from the address never adds to the account's delay (nor
 * the other way round). Counting happens before the password is checked; it
 * counts as a failure until `attemptSucceeded`.
 */
export async function throttleAttempt(db: Tx, username: string, address: string, now = throttleClock.now()): Promise<void> {
  const keys = [accountKey(username), addressKey(address)].sort();
  const at = sql`${now.toISOString()}::timestamptz`;
  const stale = sql`f.last_attempt_at < ${at} - make_interval(secs => ${THROTTLE.windowMs / 1000})`;
  const owed = sql`f.last_attempt_at + make_interval(secs => (${ruleDelaySql(sql`f.failures`)}) / 1000.0)`;
  // No delay owed means never blocked: a concurrent attempt that read the clock a moment earlier than the
  // one recorded before it must not be refused (`at` can precede `last_attempt_at` by the race's width).
  const blocked = sql`(not ${stale} and (${ruleDelaySql(sql`f.failures`)}) > 0 and ${at} < ${owed})`;
  const keyList = sql.join(
    keys.map((k) => sql`${k}`),
    sql`, `,
  );
  const result = await db.execute(sql`
    with current as (
      select f.key, ${blocked} as blocked, extract(epoch from (${owed} - ${at})) * 1000 as wait_ms
      from login_failures f where f.key in (${keyList}) order by f.key for update
    ),
    counted as (
      insert into login_failures as f (key, failures, window_start, last_attempt_at, refused)
      select v.key, 1, ${at}, ${at}, false
      from (values ${sql.join(
        keys.map((k) => sql`(${k})`),
        sql`, `,
      )}) as v(key)
      where not exists (select 1 from current where current.blocked)
      on conflict (key) do update set
        failures = case when ${stale} then 1 else f.failures + 1 end,
        window_start = case when ${stale} then ${at} else f.window_start end,
        last_attempt_at = ${at},
        refused = false
      where not ${blocked}
      returning f.key
    )
    select (select count(*) from counted)::int as counted,
      (select max(wait_ms) from current where blocked)::float8 as wait_ms`);
  const [row] = (result as unknown as { rows: { counted: number; wait_ms: number | string | null }[] }).rows;
  if (row && row.counted === keys.length) return;
  // Refused: the longest delay still owed by the two counters (or a second, if a concurrent attempt just took the turn).
  throw new TooManyAttempts(Math.max(1, Math.ceil(Number(row?.wait_ms ?? 1000) / 1000)));
}

/** A correct password: the account starts afresh; the address is credited with one attempt. */
export async function attemptSucceeded(db: Tx, username: string, address: string): Promise<void> {
  await db.delete(loginFailures).where(eq(loginFailures.key, accountKey(username)));
  await db
    .update(loginFailures)
    .set({ failures: sql`greatest(${loginFailures.failures} - 1, 0)` })
    .where(eq(loginFailures.key, addressKey(address)));
}

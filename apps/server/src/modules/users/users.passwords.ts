import { hash, verify } from '@node-rs/argon2';
import { eq } from 'drizzle-orm';
import { users } from './users.table.js';
import type { Tx } from '../../core/db.js';
import { attemptSucceeded, throttleAttempt } from './users.password-throttle.js';

// Algorithm.Argon2id; the const enum cannot be imported under isolatedModules.
const ARGON2ID = 2;

/** argon2id with the library's defaults (19 MiB, 2 passes): OWASP's minimum recommendation. */
export function hashPassword(password: string): Promise<string> {
  return hash(password, { algorithm: ARGON2ID });
}

export async function verifyPassword(stored: string, password: string): Promise<boolean> {
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}

let dummy: Promise<string> | undefined;
/** Spend the same time on an unknown username as on a wrong password. */
export async function burnPasswordCheck(password: string): Promise<void> {
  dummy ??= hashPassword('not-a-real-password');
  await verifyPassword(await dummy, password);
}

/**
 * Every password check of the product (sign-in, signatures, change of
 * password) in one place, behind the same throttle: a refused attempt is 429
 * before any hashing; a wrong password stays counted; a right one clears it.
 */
export async function checkPassword(
  db: Tx,
  who: { username: string; passwordHash: string | null } | null | undefined,
  password: string,
  address: string,
  username = who?.username ?? '',
): Promise<boolean> {
  await throttleAttempt(db, username, address);
  if (!who?.passwordHash) {
    await burnPasswordCheck(password);
    return false;
  }
  const ok = await verifyPassword(who.passwordHash, password);
  if (ok) await attemptSucceeded(db, username, address);
  return ok;
}

/** An electronic signature (approval, amendment): the signer's own password again, behind the same throttle. */
export async function signatureValid(db: Tx, signer: { id: number; username: string }, password: string | undefined, address: string): Promise<boolean> {
  const [me] = await db.select({ username: users.username, passwordHash: users.passwordHash }).from(users).where(eq(users.id, signer.id));
  return !!password && (await checkPassword(db, me, password, address, signer.username));
}

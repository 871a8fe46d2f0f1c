import { hash, verify } from '@node-rs/argon2';

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

import { and, eq, gt, isNull } from 'drizzle-orm';
import type { LoginRequest, TokenPair } from '@nlims/contracts';
import type { Db, Tx } from '../../core/db.js';
import { unauthorized } from '../../core/errors.js';
import { users } from '../users/users.table.js';
import { refreshTokens } from './auth.table.js';
import { burnPasswordCheck, verifyPassword } from './passwords.js';
import { assertLoginAllowed, clearLoginFailures, recordLoginFailure } from './rate-limit.js';
import { hashRefreshToken, newRefreshToken, REMEMBER_TTL_MS, SESSION_TTL_MS, type TokenSigner } from './tokens.js';

export interface AuthDeps {
  db: Db;
  signer: TokenSigner;
}

const BAD_CREDENTIALS = 'No active account found with the given credentials';

async function issuePair(tx: Tx, signer: TokenSigner, userId: number, remember: boolean): Promise<TokenPair> {
  const { token: refresh, hash } = newRefreshToken();
  const ttl = remember ? REMEMBER_TTL_MS : SESSION_TTL_MS;
  await tx.insert(refreshTokens).values({ userId, tokenHash: hash, remember, expiresAt: new Date(Date.now() + ttl) });
  return { token: await signer.signAccess(userId), refresh };
}

export async function login({ db, signer }: AuthDeps, input: LoginRequest, address: string): Promise<TokenPair> {
  await assertLoginAllowed(db, input.username, address);
  const [user] = await db.select().from(users).where(eq(users.username, input.username));
  const ok = user ? await verifyPassword(user.passwordHash, input.password) : (await burnPasswordCheck(input.password), false);
  if (!user || !ok || !user.isActive) {
    await recordLoginFailure(db, input.username, address);
    throw unauthorized(BAD_CREDENTIALS);
  }
  await clearLoginFailures(db, input.username);
  return db.transaction(async (tx) => {
    await tx.update(users).set({ lastLoginAt: new Date() }).where(eq(users.id, user.id));
    return issuePair(tx, signer, user.id, input.remember ?? false);
  });
}

/**
 * Rotate a refresh token: the presented one is revoked and a new pair issued
 * with the same remember-me mode. Revoked, expired or unknown tokens, and
 * tokens of disabled users, get 401. The revoke is conditional, so two
 * concurrent uses of one token yield one new pair and one 401.
 */
export async function refresh({ db, signer }: AuthDeps, token: string): Promise<TokenPair> {
  return db.transaction(async (tx) => {
    const now = new Date();
    const [row] = await tx
      .update(refreshTokens)
      .set({ revokedAt: now })
      .where(and(eq(refreshTokens.tokenHash, hashRefreshToken(token)), isNull(refreshTokens.revokedAt), gt(refreshTokens.expiresAt, now)))
      .returning();
    if (!row) throw unauthorized('Token is invalid or expired');
    const [user] = await tx.select({ isActive: users.isActive }).from(users).where(eq(users.id, row.userId));
    if (!user?.isActive) throw unauthorized('User is inactive or deleted.');
    return issuePair(tx, signer, row.userId, row.remember);
  });
}

export async function logout({ db }: AuthDeps, token: string): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(refreshTokens.tokenHash, hashRefreshToken(token)), isNull(refreshTokens.revokedAt)));
}

/** Sign a user out everywhere: on disable and on a password reset by an administrator. */
export async function revokeAllRefreshTokens(tx: Tx, userId: number): Promise<void> {
  await tx.update(refreshTokens).set({ revokedAt: new Date() }).where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
}

import type { LoginRequest, TokenPair } from '@nlims/contracts';
import { and, eq, gt, inArray, isNotNull, isNull, ne } from 'drizzle-orm';
import type { Db, Tx } from '../../core/db.js';
import { unauthorized, ValidationError } from '../../core/errors.js';
import { checkPassword, type Principal, userSessionsEnd } from '../users/users.service.js';
import { recordAudit } from '../audit/audit.service.js';
import { users } from '../users/users.table.js';
import { refreshTokens, sessions } from './auth.table.js';
import { hashRefreshToken, newRefreshToken, REMEMBER_TTL_MS, SESSION_TTL_MS, type TokenSigner } from './tokens.js';

export interface AuthDeps {
  db: Db;
  signer: TokenSigner;
}

const BAD_CREDENTIALS = 'No active account found with the given credentials';

async function issuePair(tx: Tx, signer: TokenSigner, userId: number, sessionId: string, remember: boolean): Promise<TokenPair> {
  const { token: refresh, hash } = newRefreshToken();
  const ttl = remember ? REMEMBER_TTL_MS : SESSION_TTL_MS;
  await tx.insert(refreshTokens).values({ userId, sessionId, tokenHash: hash, remember, expiresAt: new Date(Date.now() + ttl) });
  return { token: await signer.signAccess({ userId, sessionId }), refresh };
}

/**
 * Sign-in, first half: the throttled password check. A failure is audited and
 * committed on its own (the throttle's counters and the audit row must stay
 * whatever happens next), then refused; success gives the user to open a
 * session for, in the caller's transaction (`openSession`).
 */
export async function verifyLogin(db: Db, input: LoginRequest, address: string): Promise<typeof users.$inferSelect> {
  const [user] = await db.select().from(users).where(eq(users.username, input.username));
  const ok = await checkPassword(db, user, input.password, address, input.username);
  if (!user || !ok || !user.isActive) {
    await recordAudit(db, null, {
      action: 'auth.login_failed',
      entity: 'user',
      entityId: user ? String(user.id) : null,
      after: { username: input.username, address, reason: !user ? 'unknown user' : !ok ? 'wrong password' : 'inactive' },
    });
    throw unauthorized(BAD_CREDENTIALS);
  }
  return user;
}

/** Sign-in, second half, in the caller's transaction: a new session with its first token pair, audited. */
export async function openSession(
  tx: Tx,
  signer: TokenSigner,
  user: typeof users.$inferSelect,
  options: { remember?: boolean; address: string },
): Promise<TokenPair> {
  await tx.update(users).set({ lastLoginAt: new Date() }).where(eq(users.id, user.id));
  const remember = options.remember ?? false;
  const [session] = await tx.insert(sessions).values({ userId: user.id, remember }).returning({ id: sessions.id });
  await recordAudit(tx, user, { action: 'auth.login', entity: 'user', entityId: String(user.id), after: { address: options.address, remember } });
  return issuePair(tx, signer, user.id, session!.id, remember);
}

/**
 * Rotate a refresh token, in the caller's transaction: the presented one is
 * marked rotated and a new pair issued in the same session; null when the
 * token is not live. A token that was already rotated coming back means it
 * was copied: `revokeReusedToken` then ends its whole session (every refresh
 * and access token of it). Two concurrent uses of one token therefore give
 * one new pair and one 401, and the session ends.
 */
export async function rotateRefreshToken(tx: Tx, signer: TokenSigner, token: string): Promise<TokenPair | null> {
  const now = new Date();
  const live = tx.select({ id: sessions.id }).from(sessions).where(isNull(sessions.revokedAt));
  const [row] = await tx
    .update(refreshTokens)
    .set({ revokedAt: now, rotatedAt: now })
    .where(
      and(
        eq(refreshTokens.tokenHash, hashRefreshToken(token)),
        isNull(refreshTokens.revokedAt),
        gt(refreshTokens.expiresAt, now),
        inArray(refreshTokens.sessionId, live),
      ),
    )
    .returning();
  if (!row) return null;
  const [user] = await tx.select({ isActive: users.isActive }).from(users).where(eq(users.id, row.userId));
  if (!user?.isActive) throw unauthorized('User is inactive or deleted.');
  return issuePair(tx, signer, row.userId, row.sessionId, row.remember);
}

/** A refresh token refused: if it was rotated already (copied), its session ends, audited, in the caller's transaction. */
export async function revokeReusedToken(tx: Tx, token: string): Promise<void> {
  const [reused] = await tx
    .select({ sessionId: refreshTokens.sessionId, userId: refreshTokens.userId })
    .from(refreshTokens)
    .where(and(eq(refreshTokens.tokenHash, hashRefreshToken(token)), isNotNull(refreshTokens.rotatedAt)));
  if (!reused) return;
  const ended = await endSessions(tx, eq(sessions.id, reused.sessionId), 'reuse');
  if (ended) await recordAudit(tx, null, { action: 'auth.token_reuse', entity: 'user', entityId: String(reused.userId), after: { session: reused.sessionId } });
}

/**
 * Sign out, in the caller's transaction: end the caller's own session (the
 * one its access token belongs to), never another. A refresh token sent with
 * it must be of that session, so a token of someone else's signs nobody out.
 */
export async function logout(tx: Tx, p: Principal, token: string | undefined): Promise<void> {
  if (!p.sessionId) throw unauthorized();
  if (token) {
    const [row] = await tx
      .select({ sessionId: refreshTokens.sessionId })
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, hashRefreshToken(token)));
    if (row?.sessionId !== p.sessionId) throw ValidationError.field('refresh', 'This refresh token is not of your session.');
  }
  await endSessions(tx, eq(sessions.id, p.sessionId), 'logout');
  await recordAudit(tx, p, { action: 'auth.logout', entity: 'user', entityId: String(p.id) });
}

/** End sessions (and their refresh tokens) matching `where`; returns how many were still open. */
async function endSessions(tx: Tx, where: ReturnType<typeof eq>, reason: string): Promise<number> {
  const now = new Date();
  const ended = await tx
    .update(sessions)
    .set({ revokedAt: now, revokedReason: reason })
    .where(and(where, isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  if (ended.length)
    await tx
      .update(refreshTokens)
      .set({ revokedAt: now })
      .where(
        and(
          inArray(
            refreshTokens.sessionId,
            ended.map((s) => s.id),
          ),
          isNull(refreshTokens.revokedAt),
        ),
      );
  return ended.length;
}

/** Sign a user out everywhere (disable, a reset by an administrator), or everywhere but one session (their own change of password). */
export async function revokeUserSessions(tx: Tx, userId: number, options: { reason: string; except?: string | null }): Promise<void> {
  const where = options.except ? and(eq(sessions.userId, userId), ne(sessions.id, options.except))! : eq(sessions.userId, userId);
  await endSessions(tx, where as ReturnType<typeof eq>, options.reason);
}

/** Users asks through its hook for a user to be signed out (a new password, a disabled account); it happens here. */
export function registerUserSessionsEnd(): void {
  userSessionsEnd.on('auth', 0, ({ tx, userId, reason, except }) => revokeUserSessions(tx, userId, { reason, except }));
}

import { createHash, randomBytes } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';

export const ACCESS_TTL_SECONDS = 15 * 60;
/** Remember-me: a sliding 30 days without use (DESIGN §2). */
export const REMEMBER_TTL_MS = 30 * 24 * 3600 * 1000;
/** Without remember-me the browser keeps tokens for its session; the server caps that at 12 hours idle. */
export const SESSION_TTL_MS = 12 * 3600 * 1000;

/** What a valid access token names: its user and its session. */
export interface AccessClaims {
  userId: number;
  sessionId: string;
}

export interface TokenSigner {
  signAccess(claims: AccessClaims): Promise<string>;
  verifyAccess(token: string): Promise<AccessClaims | null>;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function createTokenSigner(secret: Uint8Array): TokenSigner {
  return {
    signAccess: ({ userId, sessionId }) =>
      new SignJWT({ typ: 'access', sid: sessionId })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(String(userId))
        .setIssuedAt()
        .setExpirationTime(`${ACCESS_TTL_SECONDS}s`)
        .sign(secret),
    async verifyAccess(token) {
      try {
        // A token without an expiry, a subject, a session or a type is refused even when its signature is good.
        const { payload } = await jwtVerify(token, secret, { algorithms: ['HS256'], requiredClaims: ['exp', 'sub', 'sid', 'typ'] });
        const userId = Number(payload.sub);
        if (payload.typ !== 'access' || !Number.isInteger(userId) || typeof payload.sid !== 'string' || !UUID.test(payload.sid)) return null;
        return { userId, sessionId: payload.sid };
      } catch {
        return null;
      }
    },
  };
}

/** Refresh tokens are opaque random strings; only their hash is stored. */
export function newRefreshToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashRefreshToken(token) };
}

export function hashRefreshToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

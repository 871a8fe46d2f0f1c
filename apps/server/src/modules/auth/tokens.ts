import { createHash, randomBytes } from 'node:crypto';
import { createSigner, createVerifier } from 'fast-jwt';

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

/**
 * HS256 access tokens with fast-jwt: signing and verifying are synchronous
 * node:crypto HMACs (a few microseconds; WebCrypto's asynchronous HMAC cost
 * some 200 µs on every request, docs/performance.md).
 */
export function createTokenSigner(secret: Uint8Array): TokenSigner {
  const key = Buffer.from(secret);
  const sign = createSigner({ key, algorithm: 'HS256', expiresIn: ACCESS_TTL_SECONDS * 1000 });
  // A token without an expiry, a subject, a session or a type is refused even when its signature is good.
  const verify = createVerifier({ key, algorithms: ['HS256'], requiredClaims: ['exp', 'sub', 'sid', 'typ'] });
  return {
    signAccess: async ({ userId, sessionId }) => sign({ typ: 'access', sid: sessionId, sub: String(userId) }),
    async verifyAccess(token) {
      try {
        const payload = verify(token) as { sub?: unknown; sid?: unknown; typ?: unknown };
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

import { createHash, randomBytes } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';

export const ACCESS_TTL_SECONDS = 15 * 60;
/** Remember-me: a sliding 30 days without use (DESIGN §2). */
export const REMEMBER_TTL_MS = 30 * 24 * 3600 * 1000;
/** Without remember-me the browser keeps tokens for its session; the server caps that at 12 hours idle. */
export const SESSION_TTL_MS = 12 * 3600 * 1000;

export interface TokenSigner {
  signAccess(userId: number): Promise<string>;
  verifyAccess(token: string): Promise<number | null>;
}

export function createTokenSigner(secret: Uint8Array): TokenSigner {
  return {
    signAccess: (userId) =>
      new SignJWT({ typ: 'access' })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(String(userId))
        .setIssuedAt()
        .setExpirationTime(`${ACCESS_TTL_SECONDS}s`)
        .sign(secret),
    async verifyAccess(token) {
      try {
        const { payload } = await jwtVerify(token, secret, { algorithms: ['HS256'] });
        if (payload.typ !== 'access' || !payload.sub) return null;
        const id = Number(payload.sub);
        return Number.isInteger(id) ? id : null;
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

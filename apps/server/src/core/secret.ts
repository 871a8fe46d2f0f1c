import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The token-signing secret: JWT_SECRET when set, otherwise one generated on
 * first start and kept under DATA_DIR so tokens survive restarts.
 */
export function resolveJwtSecret(config: { jwtSecret: string | null; dataDir: string }): Uint8Array {
  if (config.jwtSecret) return new TextEncoder().encode(config.jwtSecret);
  const file = path.join(config.dataDir, 'jwt-secret');
  if (!existsSync(file)) {
    mkdirSync(config.dataDir, { recursive: true });
    writeFileSync(file, randomBytes(48).toString('base64url'), { mode: 0o600, flag: 'wx' });
  }
  return new TextEncoder().encode(readFileSync(file, 'utf8').trim());
}

/**
 * The secret in use before a rotation (PREVIOUS_JWT_SECRET), when given: the secrets kept at rest that it sealed are
 * opened with it and sealed again under the current one at start (core/secret-box.ts). Tokens it signed are not taken.
 */
export function resolvePreviousJwtSecrets(config: { previousJwtSecret: string | null }): Uint8Array[] {
  return config.previousJwtSecret ? [new TextEncoder().encode(config.previousJwtSecret)] : [];
}

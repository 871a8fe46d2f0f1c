import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Secrets the server keeps in its database to use them later (the DHIS2 password), encrypted at rest with AES-256-GCM
 * under a key derived (HKDF-SHA-256) from the server's secret — JWT_SECRET, or the one generated into DATA_DIR — with
 * the place the value is kept as additional data, so a sealed value copied to another column does not open there.
 *
 * Stored as `enc:v1:<key id>:<base64url of nonce, ciphertext and tag>`: `v1` names this format, the key id the server
 * secret that sealed it. After a rotation the previous secret (PREVIOUS_JWT_SECRET) still opens what it sealed, and
 * the start-up step seals it again under the current one (`reseal`); a value kept as plain text before encryption is
 * read as it is and sealed at start too. docs/access-control.md, "Outbound addresses and secrets at rest".
 */

const PREFIX = 'enc:v1:';
const SALT = 'nlims/secrets-at-rest';
const NONCE = 12;
const TAG = 16;

interface Key {
  id: string;
  key: Buffer;
}

function keyOf(secret: Uint8Array): Key {
  const material = Buffer.from(secret);
  return {
    key: Buffer.from(hkdfSync('sha256', material, SALT, 'aes-256-gcm key v1', 32)),
    // A separate derivation: the id says which secret sealed a value and tells nothing of the key.
    id: Buffer.from(hkdfSync('sha256', material, SALT, 'key id v1', 6)).toString('base64url'),
  };
}

/** A stored value the server's secrets cannot open: sealed under a secret no longer given, or altered. */
export class SecretUnreadable extends Error {
  constructor() {
    super('The stored secret cannot be read with the server secret (JWT_SECRET) in use.');
  }
}

export class SecretBox {
  private readonly current: Key;
  private readonly previous: Key[];

  constructor(secret: Uint8Array, previous: readonly Uint8Array[] = []) {
    this.current = keyOf(secret);
    this.previous = previous.map(keyOf).filter((k) => k.id !== this.current.id);
  }

  static isSealed(stored: string): boolean {
    return stored.startsWith(PREFIX);
  }

  /** The value sealed under the current secret for its place (e.g. `dhis2_settings.password`); '' stays ''. */
  seal(plain: string, place: string): string {
    if (plain === '') return '';
    const nonce = randomBytes(NONCE);
    const cipher = createCipheriv('aes-256-gcm', this.current.key, nonce);
    cipher.setAAD(Buffer.from(place, 'utf8'));
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return `${PREFIX}${this.current.id}:${Buffer.concat([nonce, body, cipher.getAuthTag()]).toString('base64url')}`;
  }

  /** The plain value of a stored one (a value kept before encryption is read as it is); SecretUnreadable otherwise. */
  open(stored: string, place: string): string {
    if (stored === '') return '';
    if (!SecretBox.isSealed(stored)) return stored;
    const [id, data, extra] = stored.slice(PREFIX.length).split(':');
    const key = [this.current, ...this.previous].find((k) => k.id === id);
    const bytes = Buffer.from(data ?? '', 'base64url');
    if (!key || extra !== undefined || bytes.length < NONCE + TAG) throw new SecretUnreadable();
    try {
      const decipher = createDecipheriv('aes-256-gcm', key.key, bytes.subarray(0, NONCE));
      decipher.setAAD(Buffer.from(place, 'utf8'));
      decipher.setAuthTag(bytes.subarray(bytes.length - TAG));
      return Buffer.concat([decipher.update(bytes.subarray(NONCE, bytes.length - TAG)), decipher.final()]).toString('utf8');
    } catch {
      throw new SecretUnreadable();
    }
  }

  /** Whether a stored value is sealed under the current secret ('' needs no sealing). */
  isCurrent(stored: string): boolean {
    return stored === '' || stored.startsWith(`${PREFIX}${this.current.id}:`);
  }

  /**
   * A stored value sealed again under the current secret: `unchanged` when it already is, `unreadable` when neither
   * the current nor a previous secret opens it (it is then left as it is).
   */
  reseal(stored: string, place: string): { value: string } | 'unchanged' | 'unreadable' {
    if (this.isCurrent(stored)) return 'unchanged';
    try {
      return { value: this.seal(this.open(stored, place), place) };
    } catch (error) {
      if (error instanceof SecretUnreadable) return 'unreadable';
      throw error;
    }
  }
}

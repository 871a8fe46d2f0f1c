import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { SecretBox, SecretUnreadable } from './secret-box.js';

const PLACE = 'dhis2_settings.password';

describe('SecretBox', () => {
  const secret = randomBytes(48);
  const box = new SecretBox(secret);

  it('seals with a fresh nonce each time, opens what it sealed, and keeps "" as ""', () => {
    const a = box.seal('S3cret-district!', PLACE);
    const b = box.seal('S3cret-district!', PLACE);
    expect(a).toMatch(/^enc:v1:[\w-]{8}:[\w-]+$/);
    expect(a).not.toBe(b);
    expect(a).not.toContain('S3cret');
    expect(box.open(a, PLACE)).toBe('S3cret-district!');
    expect(box.open(b, PLACE)).toBe('S3cret-district!');
    expect(box.seal('', PLACE)).toBe('');
    expect(box.open('', PLACE)).toBe('');
    expect(box.open(box.seal('pässwörd ✓', PLACE), PLACE)).toBe('pässwörd ✓');
  });

  it('derives the same key from the same secret (another process, a restart)', () => {
    expect(new SecretBox(Buffer.from(secret)).open(box.seal('x', PLACE), PLACE)).toBe('x');
  });

  it('refuses a value altered, sealed for another place, or under a secret it does not have', () => {
    const sealed = box.seal('S3cret-district!', PLACE);
    const bytes = Buffer.from(sealed.split(':')[3]!, 'base64url');
    bytes[bytes.length - 20]! ^= 1;
    const altered = `${sealed.split(':').slice(0, 3).join(':')}:${bytes.toString('base64url')}`;
    expect(() => box.open(altered, PLACE)).toThrow(SecretUnreadable);
    expect(() => box.open(sealed, 'smtp.password')).toThrow(SecretUnreadable);
    expect(() => new SecretBox(randomBytes(48)).open(sealed, PLACE)).toThrow(SecretUnreadable);
    expect(() => box.open('enc:v1:short', PLACE)).toThrow(SecretUnreadable);
  });

  it('reads a value kept as plain text before encryption, and seals it', () => {
    expect(box.open('kept-plain', PLACE)).toBe('kept-plain');
    const resealed = box.reseal('kept-plain', PLACE);
    expect(resealed).toEqual({ value: expect.stringMatching(/^enc:v1:/) });
    expect(box.open((resealed as { value: string }).value, PLACE)).toBe('kept-plain');
    expect(box.reseal((resealed as { value: string }).value, PLACE)).toBe('unchanged');
    expect(box.reseal('', PLACE)).toBe('unchanged');
  });

  it('rotates: the previous secret opens what it sealed, which is sealed again under the new one', () => {
    const old = box.seal('S3cret-district!', PLACE);
    const rotated = new SecretBox(randomBytes(48), [secret]);
    expect(rotated.open(old, PLACE)).toBe('S3cret-district!');
    expect(rotated.isCurrent(old)).toBe(false);
    const again = rotated.reseal(old, PLACE) as { value: string };
    expect(again.value.split(':')[2]).not.toBe(old.split(':')[2]);
    expect(rotated.isCurrent(again.value)).toBe(true);
    expect(rotated.open(again.value, PLACE)).toBe('S3cret-district!');
    // Without the previous secret the old value cannot be read, and is left as it is.
    expect(new SecretBox(randomBytes(48)).reseal(old, PLACE)).toBe('unreadable');
  });
});

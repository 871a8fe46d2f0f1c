import { z } from 'zod';

/**
 * Verification codes printed on report PDFs: 16 characters of Crockford's
 * base 32 alphabet (no I, L, O, U: nothing to misread), random — 80 bits,
 * never derived from an id. Printed and typed as NL-XXXX-XXXX-XXXX.
 */
export const VERIFY_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
export const VERIFY_CODE_LENGTH = 16;

/**
 * A typed or scanned code in its stored form: upper case, without the `NL`
 * prefix, dashes and spaces, with the letters people confuse read as the
 * digits they look like (O→0, I/L→1). Null when it cannot be a code.
 */
export function normaliseVerifyCode(input: string): string | null {
  let s = input.toUpperCase().replace(/[\s-]/g, '');
  if (s.startsWith('NL') && s.length === VERIFY_CODE_LENGTH + 2) s = s.slice(2);
  s = s.replace(/O/g, '0').replace(/[IL]/g, '1');
  if (s.length !== VERIFY_CODE_LENGTH) return null;
  for (const ch of s) if (!VERIFY_ALPHABET.includes(ch)) return null;
  return s;
}

/** A stored code as printed: NL-7KQ4-M2XD-9PTA-… in groups of four. */
export function formatVerifyCode(code: string): string {
  return `NL-${code.match(/.{1,4}/g)?.join('-') ?? code}`;
}

/** A digest as printed: 3F9A-61C2. */
export function formatVerifyDigest(digest: string): string {
  return `${digest.slice(0, 4)}-${digest.slice(4, 8)}`.toUpperCase();
}

export const verifyStatus = z.enum(['current', 'superseded']);
export type VerifyStatus = z.infer<typeof verifyStatus>;

/**
 * `GET /api/verify/{code}/`: what the public may learn from a report's code —
 * never a result value, never the patient's name or birth date.
 */
export const verifyReply = z.object({
  code: z.string(),
  status: verifyStatus,
  facility: z.string(),
  facility_state: z.string(),
  lab_number: z.string(),
  tests: z.array(z.string()),
  approved_at: z.string().nullable(),
  report_version: z.number().int(),
  issued_at: z.string(),
  superseded_at: z.string().nullable(),
  /** The printed digest, 3F9A-61C2. */
  digest: z.string(),
});
export type VerifyReply = z.infer<typeof verifyReply>;

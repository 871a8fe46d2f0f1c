import type { TFunction } from 'i18next';
import type { ZodType } from 'zod';
import type { Values } from './types';

/** Messages the contracts give in English, shown in the interface language. */
const KNOWN: Record<string, string> = {
  'Use letters, digits, -, _ or / only.': 'validation.codeChars',
  'Enter a valid phone number.': 'validation.phone',
  'Enter a LOINC code such as 718-7.': 'validation.loinc',
  'Letters, digits and @/./+/-/_ only.': 'validation.usernameChars',
  'The password must contain letters and digits.': 'validation.passwordMix',
  'The low value must not be above the high value.': 'validation.lowHigh',
  'The age band ends before it starts.': 'validation.ageBand',
  'A coded test needs at least one code.': 'validation.codesNeeded',
};

interface Issue {
  code: string;
  path: PropertyKey[];
  message: string;
  origin?: string;
  format?: string;
  minimum?: number | bigint;
  maximum?: number | bigint;
  inclusive?: boolean;
  expected?: string;
}

export interface FieldError {
  name: (string | number)[];
  errors: string[];
}

const empty = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/** One zod issue as a message in the interface language, naming the field. */
export function issueMessage(issue: Issue, value: unknown, label: string, t: TFunction): string {
  if (KNOWN[issue.message]) return t(KNOWN[issue.message]!);
  const min = Number(issue.minimum);
  const max = Number(issue.maximum);
  switch (issue.code) {
    case 'invalid_type':
      if (empty(value)) return t('validation.required', { label });
      return issue.expected === 'int' ? t('validation.integer', { label }) : t('validation.invalid', { label });
    case 'too_small':
      if (issue.origin === 'string') return min <= 1 ? t('validation.required', { label }) : t('validation.minLength', { label, min });
      if (issue.origin === 'array') return t('validation.minItems', { label, min });
      return issue.inclusive === false ? t('validation.greater', { label, min }) : t('validation.min', { label, min });
    case 'too_big':
      if (issue.origin === 'string') return t('validation.maxLength', { label, max });
      return t('validation.max', { label, max });
    case 'invalid_format':
      if (issue.format === 'email') return t('validation.email', { label });
      if (issue.format === 'date') return t('validation.date');
      return t('validation.pattern', { label });
    case 'invalid_value':
      return t('validation.choice', { label });
    case 'invalid_union':
      return empty(value) ? t('validation.required', { label }) : t('validation.invalid', { label });
    default:
      return t('validation.invalid', { label });
  }
}

/**
 * Check a body with the contracts schema before it is sent. Returns the
 * parsed body, or the errors by form field (`rename` maps body fields that
 * the form shows under another name).
 */
export function validateBody(
  schema: ZodType,
  body: Values,
  t: TFunction,
  labelOf: (field: string) => string,
  rename: Record<string, string> = {},
): { data: Values } | { errors: FieldError[] } {
  const parsed = schema.safeParse(body);
  if (parsed.success) return { data: parsed.data as Values };
  const byField = new Map<string, FieldError>();
  for (const issue of parsed.error.issues as unknown as Issue[]) {
    const [head, ...rest] = issue.path.map((p) => (typeof p === 'number' ? p : String(p)));
    if (head === undefined) continue;
    const field = rename[String(head)] ?? String(head);
    const name = [field, ...rest];
    const value = issue.path.reduce<unknown>((v, key) => (v == null ? v : (v as Record<PropertyKey, unknown>)[key]), body);
    const message = issueMessage(issue, value, labelOf(field), t);
    const key = name.join('.');
    const found = byField.get(key);
    if (found) found.errors.push(message);
    else byField.set(key, { name, errors: [message] });
  }
  return { errors: [...byField.values()] };
}

import type { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { ValidationError } from '../../core/errors.js';

/**
 * What a new password must be (ASVS 5.0 V6.2): at least 8 characters (the
 * contracts' `passwordRule` checks length, so the web form says it first), any
 * characters at all — no composition rules — and not guessable: not among the
 * common passwords shipped with the product (zxcvbn-ts's list, which also
 * scores repeats, sequences and keyboard walks like `aaaaaaa1` or `qwerty12`),
 * and not built from the user's own context (username, names, facility, the
 * product). A password that scores under 3 of zxcvbn's 0–4 is refused.
 */
export const MIN_SCORE = 3;

let factory: Promise<ZxcvbnFactory> | undefined;

/** The dictionary is a few megabytes: load it on the first password set, not at start-up. */
function estimator(): Promise<ZxcvbnFactory> {
  factory ??= (async () => {
    const [{ ZxcvbnFactory }, common] = await Promise.all([import('@zxcvbn-ts/core'), import('@zxcvbn-ts/language-common')]);
    return new ZxcvbnFactory({ dictionary: { ...common.dictionary }, graphs: common.adjacencyGraphs });
  })();
  return factory;
}

export interface PasswordContext {
  username?: string | null;
  firstName?: string | null;
  lastName?: string | null;
  email?: string | null;
  facilityName?: string | null;
}

const PRODUCT_WORDS = ['nlims', 'laboratory', 'nigeria', 'demo'];

const normalise = (s: string) => s.toLowerCase().replace(/[^a-z0-9]/g, '');

/** The problems with a new password, as messages for the `password` field; empty when it may be used. */
export async function passwordProblems(password: string, context: PasswordContext = {}): Promise<string[]> {
  const words = [context.username, context.firstName, context.lastName, context.email?.split('@')[0], context.facilityName]
    .filter((w): w is string => !!w && w.trim().length >= 3)
    .flatMap((w) => [w, ...w.split(/[\s._@-]+/)])
    .filter((w) => w.length >= 3);
  const plain = normalise(password);
  if (context.username && normalise(context.username).length >= 3 && plain.includes(normalise(context.username)))
    return ['The password must not contain your username.'];
  // Only the user's own words (and digits or symbols) is too close, however the estimator scores it.
  let rest = password.toLowerCase().replace(/[^\p{L}]/gu, '');
  for (const w of [...words, ...PRODUCT_WORDS].map((w) => w.toLowerCase()).sort((a, b) => b.length - a.length)) rest = rest.split(w).join('');
  if (rest.length < 4) return ['The password is too close to your name, username, facility or this product.'];
  const result = (await estimator()).check(password, [...words, ...PRODUCT_WORDS]);
  if (result.score >= MIN_SCORE) return [];
  const personal = result.sequence.some((m) => m.pattern === 'dictionary' && 'dictionaryName' in m && m.dictionaryName === 'userInputs');
  return [personal ? 'The password is too close to your name, username, facility or this product.' : 'This password is too common or too easy to guess.'];
}

/** Refuse a new password with 400 naming `field` when it has problems. */
export async function assertPasswordAllowed(password: string, context: PasswordContext, field = 'password'): Promise<void> {
  const problems = await passwordProblems(password, context);
  if (problems.length) throw ValidationError.field(field, problems.join(' '));
}

import { describe, expect, it } from 'vitest';
import { CATALOGUE } from '../index.js';

/** LOINC's check digit (mod 10): the odd positions from the right doubled as one number, its digits summed with the even ones. */
function loincCheckDigit(body: string): number {
  const digits = [...body].reverse();
  const odd = digits
    .filter((_, i) => i % 2 === 0)
    .reverse()
    .join('');
  const even = digits.filter((_, i) => i % 2 === 1).map(Number);
  const doubled = [...String(Number(odd) * 2)].map(Number);
  const sum = [...doubled, ...even].reduce((a, b) => a + b, 0);
  return (10 - (sum % 10)) % 10;
}

describe('the catalogue’s LOINC codes', () => {
  it('computes the check digit as LOINC does', () => {
    expect(loincCheckDigit('20447')).toBe(9);
    expect(loincCheckDigit('718')).toBe(7);
    expect(loincCheckDigit('4544')).toBe(3);
  });

  it('are well formed, with a check digit that holds', () => {
    const coded = CATALOGUE.filter((t) => t.loinc);
    expect(coded.length).toBeGreaterThan(20);
    const wrong = coded.filter((t) => {
      const m = /^(\d{1,7})-(\d)$/.exec(t.loinc!);
      return !m || loincCheckDigit(m[1]!) !== Number(m[2]);
    });
    expect(wrong.map((t) => `${t.code} ${t.loinc}`)).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import { CODE128_PATTERNS, code128Values, code128Widths } from './code128.js';

describe('Code 128', () => {
  it('has 107 distinct symbols of 11 modules (stop 13)', () => {
    expect(CODE128_PATTERNS).toHaveLength(107);
    expect(new Set(CODE128_PATTERNS).size).toBe(107);
    CODE128_PATTERNS.forEach((p, i) => expect([...p].reduce((s, d) => s + Number(d), 0), `symbol ${i}`).toBe(i === 106 ? 13 : 11));
  });

  it('encodes with start B, a mod-103 checksum and stop', () => {
    // "PJJ123C": 104 + 48·1 + 42·2 + 42·3 + 17·4 + 18·5 + 19·6 + 35·7 = 879; 879 mod 103 = 55
    expect(code128Values('PJJ123C')).toEqual([104, 48, 42, 42, 17, 18, 19, 35, 55, 106]);
    const widths = code128Widths('LA-IKJ-001-26-000001');
    expect(widths.reduce((a, b) => a + b, 0)).toBe(11 * (20 + 2) + 13);
  });

  it('refuses characters outside code set B', () => {
    expect(() => code128Values('é')).toThrow();
  });
});

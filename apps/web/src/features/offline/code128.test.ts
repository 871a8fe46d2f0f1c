import { describe, expect, it } from 'vitest';
import { code128Values, code128Widths } from './code128';

describe('Code 128 B', () => {
  it('checks the symbols by their weighted sum', () => {
    // 104 + 48·1 + 42·2 + 42·3 + 17·4 + 18·5 + 19·6 + 35·7 = 879, and 879 mod 103 = 55.
    expect(code128Values('PJJ123C')).toEqual([104, 48, 42, 42, 17, 18, 19, 35, 55]);
  });

  it('draws eleven modules per symbol and thirteen for the stop', () => {
    const widths = code128Widths('K7Q2-0001');
    expect(widths.length).toBe(11 * 6 + 7);
    expect(widths.reduce((a, b) => a + b, 0)).toBe(11 * 11 + 13);
  });
});

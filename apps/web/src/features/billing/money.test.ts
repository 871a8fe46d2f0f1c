import { describe, expect, it } from 'vitest';
import { naira, toKobo, toNaira } from './money';

describe('money at the cash desk', () => {
  it('shows kobo as naira the Nigerian way', () => {
    expect(naira(123450)).toBe('₦1,234.50');
    expect(naira(0)).toBe('₦0.00');
    expect(naira(5)).toBe('₦0.05');
    expect(naira(null)).toBe('');
  });
  it('sends naira typed with two decimals as whole kobo', () => {
    expect(toKobo(1350)).toBe(135000);
    expect(toKobo(0.1 + 0.2)).toBe(30);
    expect(toKobo(19.99)).toBe(1999);
    expect(toKobo(null)).toBeNull();
    expect(toNaira(135050)).toBe(1350.5);
  });
});

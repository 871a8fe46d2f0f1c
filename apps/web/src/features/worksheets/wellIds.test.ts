import { describe, expect, it } from 'vitest';
import { distinguishingTails } from './wellIds';

describe('what a well shows of a laboratory number', () => {
  it('keeps the year and sequence of one laboratory’s numbers, which tell them apart', () => {
    const tails = distinguishingTails(['LA-LMD-001-26-000032', 'LA-LMD-001-26-000033', 'LA-LMD-001-25-000999']);
    expect(tails.get('LA-LMD-001-26-000032')).toBe('26-000032');
    expect(tails.get('LA-LMD-001-25-000999')).toBe('25-000999');
    // every tail is different
    expect(new Set(tails.values()).size).toBe(3);
  });

  it('keeps more of the number when the plate holds numbers of two laboratories', () => {
    const tails = distinguishingTails(['LA-LMD-001-26-000032', 'LA-MSH-001-26-000032']);
    expect(tails.get('LA-LMD-001-26-000032')).toBe('LMD-001-26-000032');
    expect(tails.get('LA-MSH-001-26-000032')).toBe('MSH-001-26-000032');
  });

  it('keeps the last two segments of a lone number, and a short number whole', () => {
    expect(distinguishingTails(['LA-LMD-001-26-000032']).get('LA-LMD-001-26-000032')).toBe('26-000032');
    expect(distinguishingTails(['S1', 'AB-12']).get('S1')).toBe('S1');
    expect(distinguishingTails(['S1', 'AB-12']).get('AB-12')).toBe('AB-12');
    expect(distinguishingTails([]).size).toBe(0);
  });
});

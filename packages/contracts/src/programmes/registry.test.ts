import { describe, expect, it } from 'vitest';
import { hiddenIdentifierTypes, identifierVisible, PROGRAMME_IDENTIFIER_TYPES } from './registry.js';

describe("a client's programme-specific identifiers", () => {
  it('belong to the programmes whose request forms keep them', () => {
    expect(PROGRAMME_IDENTIFIER_TYPES['ART number']).toEqual(['Viral Load']);
    expect(PROGRAMME_IDENTIFIER_TYPES['HIV-exposed infant number']).toEqual(['EID']);
    expect(PROGRAMME_IDENTIFIER_TYPES['DR register number']).toEqual(['Tuberculosis']);
    expect(PROGRAMME_IDENTIFIER_TYPES['EPID number']).toContain('Lassa Fever');
    expect(PROGRAMME_IDENTIFIER_TYPES['Hospital number']).toBeUndefined();
  });

  it('are shown only to a role in one of those programmes; the others are everyone’s', () => {
    expect(identifierVisible('ART number', ['Tuberculosis'])).toBe(false);
    expect(identifierVisible('ART number', ['Tuberculosis', 'Viral Load'])).toBe(true);
    expect(identifierVisible('Hospital number', [])).toBe(true);
    expect(identifierVisible('__proto__', [])).toBe(true);
    expect(hiddenIdentifierTypes(['Tuberculosis'])).toEqual(expect.arrayContaining(['ART number', 'HIV-exposed infant number', 'EPID number']));
    expect(hiddenIdentifierTypes(['Tuberculosis'])).not.toContain('DR register number');
  });
});

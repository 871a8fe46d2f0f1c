import { describe, expect, it } from 'vitest';
import { mapValues } from './mapFigures';

const rows = [
  { name: 'Lagos', tests: 1200, positives: 34, positivity_percent: 2.8 },
  { name: 'Federal Capital Territory', tests: 9, positives: null, positivity_percent: null },
  { name: 'Nasarawa', tests: 0, positives: 0, positivity_percent: null },
];

describe("the map's figures", () => {
  it('keys each state by its matched name and reads counts with grouped digits', () => {
    const tests = mapValues(rows, 'tests', (r) => r.name);
    expect([...tests.keys()]).toEqual(['lagos', 'fct', 'nasarawa']);
    expect(tests.get('lagos')).toEqual({ value: 1200, text: '1,200' });
  });

  it('shows a suppressed count as "< 5", from the null the server sent, and leaves it uncoloured', () => {
    expect(mapValues(rows, 'positives', (r) => r.name).get('fct')).toEqual({ value: null, text: '< 5' });
    expect(mapValues(rows, 'positives', (r) => r.name).get('nasarawa')).toEqual({ value: 0, text: '0' });
  });

  it('shows a withheld count in words, uncoloured, never as a number', () => {
    const withheld = [{ name: 'Kano', tests: 20, positives: 'withheld' as const, positivity_percent: null }];
    expect(mapValues(withheld, 'positives', (r) => r.name, 'hidden').get('kano')).toEqual({ value: null, text: 'hidden' });
  });

  it('reads positivity as a percentage, or a dash without a valid result', () => {
    const positivity = mapValues(rows, 'positivity', (r) => r.name);
    expect(positivity.get('lagos')).toEqual({ value: 2.8, text: '2.8%' });
    expect(positivity.get('nasarawa')).toEqual({ value: null, text: '—' });
  });
});

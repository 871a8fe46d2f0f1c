import { describe, expect, it } from 'vitest';
import { type CountNode, groupLeaks, protectCounts } from './small-counts.js';

const leaf = (key: string, value: number, suppressible = true): CountNode => ({ key, value, suppressible });
const sum = (children: CountNode[]) => children.reduce((n, c) => n + c.value, 0);
const node = (key: string, suppressible: boolean, children: CountNode[]): CountNode => ({ key, value: sum(children), suppressible, children });

describe('small counts and the cells that would give them back', () => {
  it('hides a parent equal to its one child’s small count ("< 5" on both)', () => {
    // A state whose only LGA has 4 cases: the state's 4 would give the LGA's back.
    const out = protectCounts(node('n', false, [node('s', false, [node('l', true, [leaf('f', 4)])]), node('s2', false, [node('l2', true, [leaf('f2', 50)])])]));
    expect(out.get('l')).toBe('small');
    expect(out.get('s')).toBe('small');
    // and the nation, with the state hidden, hides another state so the nation's total does not give it back
    expect(out.get('n')).toBeNull();
    expect(out.get('s2')).toBe('withheld');
    expect(out.get('l2')).toBe('withheld');
    expect(out.get('f2')).toBe('withheld');
  });

  it('withholds the next smallest sibling when one cell alone is hidden under a shown total', () => {
    const out = protectCounts(node('s', false, [node('a', true, [leaf('fa', 3)]), node('b', true, [leaf('fb', 9)]), node('c', true, [leaf('fc', 20)])]));
    expect([out.get('a'), out.get('b'), out.get('c'), out.get('s')]).toEqual(['small', 'withheld', null, null]);
  });

  it('leaves two small cells whose sum does not tell them apart, and hides more when it does', () => {
    expect(
      groupLeaks([
        { value: 1, hidden: 'small' },
        { value: 3, hidden: 'small' },
      ]),
    ).toBe(false);
    expect(
      groupLeaks([
        { value: 1, hidden: 'small' },
        { value: 1, hidden: 'small' },
      ]),
    ).toBe(true);
    expect(
      groupLeaks([
        { value: 4, hidden: 'small' },
        { value: 4, hidden: 'small' },
      ]),
    ).toBe(true);
    const out = protectCounts(node('s', false, [leaf('a', 1), leaf('b', 1), leaf('c', 30)]));
    expect(out.get('c') ?? out.get('s')).not.toBeNull();
  });

  it('keeps every count where nothing is small', () => {
    const out = protectCounts(node('n', false, [node('s', false, [leaf('a', 7), leaf('b', 0)])]));
    expect([...out.values()].every((h) => h == null)).toBe(true);
  });
});

import { FAMILIES } from '@nlims/contracts';
import { describe, expect, it } from 'vitest';
import { dispatchCount } from '../dispatch/badge';
import { badgeCounts } from './badges';

const counts = [
  { test_order_status: 1, count: 4 },
  { test_order_status: 3, count: 2 },
  { test_order_status: 5, count: 7 },
  { test_order_status: 6, count: 1 },
  { test_order_status: 7, count: 9 },
  { test_order_status: 11, count: 30 },
];

describe('sidebar badge counts (SPEC §4)', () => {
  it('adds ordered and accepted samples for collection, and maps result statuses to their pages', () => {
    expect(badgeCounts(counts, FAMILIES.general)).toEqual({
      '/clinical/manage-sample': 6,
      '/clinical/workplan': 2,
      '/clinical/enter-results': 2,
      '/clinical/validate-results': 7,
      '/clinical/approve-results': 1,
      '/manage-result': 9,
    });
  });

  it("puts a programme's counts on that programme's own pages", () => {
    expect(badgeCounts(counts, FAMILIES.tb)).toEqual({
      '/programs/tb-manage-sample': 6,
      '/programs/tb-workplan': 2,
      '/programs/tb-manual-result': 2,
      '/programs/tb-validate-result': 7,
      '/programs/tb-approve-results': 1,
    });
    expect(badgeCounts(counts, FAMILIES.ph)['/programs/ph-manual-result']).toBe(2);
    expect(Object.keys(badgeCounts(counts, FAMILIES.ph)).every((path) => path.startsWith('/programs/ph-'))).toBe(true);
  });

  it('counts nothing when the server has no rows', () => {
    expect(Object.values(badgeCounts([], FAMILIES.general))).toEqual([0, 0, 0, 0, 0, 0]);
  });

  it('counts the samples on their way to a testing laboratory for the dispatch page', () => {
    expect(dispatchCount([...counts, { test_order_status: 13, count: 5 }])).toBe(5);
    expect(dispatchCount(counts)).toBe(0);
  });
});

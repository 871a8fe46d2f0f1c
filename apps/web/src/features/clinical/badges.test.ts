import { describe, expect, it } from 'vitest';
import { badgeCounts } from './badges';

describe('sidebar badge counts (SPEC §4)', () => {
  it('adds ordered and approved samples for collection, and maps result statuses to their pages', () => {
    const counts = [
      { test_order_status: 1, count: 4 },
      { test_order_status: 3, count: 2 },
      { test_order_status: 5, count: 7 },
      { test_order_status: 6, count: 1 },
      { test_order_status: 7, count: 9 },
      { test_order_status: 11, count: 30 },
    ];
    expect(badgeCounts(counts)).toEqual({
      '/clinical/manage-sample': 6,
      '/clinical/workplan': 2,
      '/clinical/enter-results': 2,
      '/clinical/validate-results': 7,
      '/clinical/approve-results': 1,
      '/manage-result': 9,
    });
  });

  it('counts nothing when the server has no rows', () => {
    expect(Object.values(badgeCounts([]))).toEqual([0, 0, 0, 0, 0, 0]);
  });
});

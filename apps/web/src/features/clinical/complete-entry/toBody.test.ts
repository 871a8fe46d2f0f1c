import { describe, expect, it } from 'vitest';
import { completeEntryBody } from './toBody';

describe('retrospective entry body', () => {
  it('keeps only results with a value for tests on the order, timed at reception unless given', () => {
    const { body, resultTests } = completeEntryBody(
      {
        client: 4,
        test_types: [10],
        sample_type: 2,
        ordered_at: '2026-03-01T08:00',
        collected_at: '2026-03-01T08:30',
        received_at: '2026-03-01T09:00',
        results: { 11: { value: 5.2 }, 12: { value: '' }, 13: { value: 'POSITIVE', resulted_at: '2026-03-01T11:00', comment: 'x' }, 99: { value: 1 } },
      },
      [11, 12, 13],
    );
    expect(body.ordered_at).toBe('2026-03-01T08:00:00+01:00');
    expect(body.results).toEqual([
      { test_type: 11, value: 5.2, comment: '', resulted_at: '2026-03-01T09:00:00+01:00' },
      { test_type: 13, value: 'POSITIVE', comment: 'x', resulted_at: '2026-03-01T11:00:00+01:00' },
    ]);
    expect(resultTests).toEqual([11, 13]);
    expect(body.priority).toBe('routine');
  });
});

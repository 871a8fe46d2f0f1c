import { describe, expect, it } from 'vitest';
import { changeFilters, draftRequest, draftSamples, filtersFromParams, lastMonths, paramsOfFilters } from './filters';

describe('the list filters in the address', () => {
  it('reads what it knows and drops the rest', () => {
    const filters = filtersFromParams(
      new URLSearchParams('state=closed&severity=fatal&type=qc_failure&section=3&start_date=2025-01-01&end_date=31/01/2025&search=+LA-1+&overdue=1&page=2'),
    );
    expect(filters).toEqual({
      state: 'closed',
      severity: undefined,
      type: 'qc_failure',
      section: 3,
      start_date: '2025-01-01',
      end_date: undefined,
      search: 'LA-1',
      overdue: '1',
      page: 2,
    });
  });

  it('writes only what is set, page one left out, and goes back to page one on a new filter', () => {
    const filters = changeFilters({ page: 4, state: 'reported' }, { severity: 'critical' });
    expect(filters.page).toBe(1);
    expect(paramsOfFilters(filters, 'list').toString()).toBe('tab=list&state=reported&severity=critical');
    expect(paramsOfFilters({ page: 3, overdue: '1' }).toString()).toBe('overdue=1&page=3');
  });
});

describe('a new report from an event', () => {
  it('asks for a draft only with a known source and a positive reference', () => {
    expect(draftRequest(new URLSearchParams('source=sample_rejected&ref=12'))).toEqual({ source: 'sample_rejected', ref: 12 });
    expect(draftRequest(new URLSearchParams('source=manual&ref=12'))).toBeNull();
    expect(draftRequest(new URLSearchParams('source=qc_rejected&ref=-1'))).toBeNull();
    expect(draftRequest(new URLSearchParams(''))).toBeNull();
  });

  it('pairs the draft samples with their lab numbers', () => {
    expect(draftSamples({ samples: [{ sample: 5, tests: [9] }], lab_numbers: ['LA-IKJ-001-25-000001'] })).toEqual([
      { sample: 5, lab_number: 'LA-IKJ-001-25-000001', tests: [9] },
    ]);
  });
});

it('lists the last months, this one first, across a new year', () => {
  expect(lastMonths('2025-02-14', 3)).toEqual(['2025-02', '2025-01', '2024-12']);
});

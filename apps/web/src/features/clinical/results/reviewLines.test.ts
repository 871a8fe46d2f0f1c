import { RESULT_STATUS as R } from '@nlims/contracts';
import { describe, expect, it } from 'vitest';
import type { ReviewResult, ReviewTest } from '../types';
import { amendmentPending, enteredBy, lineKey, memberName, resultsIn, testGroups } from './reviewLines';

const result = (id: number, status: number, extra: Partial<ReviewResult> = {}): ReviewResult => ({
  id,
  version: 1,
  status,
  value: 1,
  unit: '',
  flag: null,
  ref_low: null,
  ref_high: null,
  isolates: [],
  comment: '',
  entered_by: 'analyst',
  entered_by_name: 'Ada Analyst',
  entered_at: '2026-11-20T08:00:00.000Z',
  verified_by: null,
  verified_by_name: null,
  verified_at: null,
  approved_at: null,
  amends: null,
  amendment_reason: null,
  ...extra,
});
const test = (test_order: number, name: string, panel: [number, string] | null, res: ReviewResult | null): ReviewTest => ({
  test_order,
  test_type: test_order + 100,
  test_type_name: name,
  code: `T-${test_order}`,
  panel: panel?.[0] ?? null,
  panel_name: panel?.[1] ?? null,
  decimals: 0,
  test_status: res?.status ?? 3,
  result: res,
});

const XPERT: [number, string] = [9, 'Xpert MTB/RIF'];

describe('the review lines of a sample', () => {
  it('gathers panel members under the panel where the first stands, single tests on their own, in order', () => {
    const tests = [
      test(1, 'MTB detection', XPERT, result(11, R.ENTERED)),
      test(2, 'Smear', null, result(12, R.ENTERED)),
      test(3, 'RIF resistance', XPERT, result(13, R.ENTERED)),
      test(4, 'Culture', null, null),
    ];
    const groups = testGroups(tests);
    expect(groups.map((g) => [g.panel?.name ?? null, g.tests.map((x) => x.test_type_name)])).toEqual([
      ['Xpert MTB/RIF', ['MTB detection', 'RIF resistance']],
      [null, ['Smear']],
      [null, ['Culture']],
    ]);
  });

  it("moves the sample's results in the page's status only, and names the user's own for validation", () => {
    const sample = {
      tests: [
        test(1, 'Haemoglobin', [5, 'Full blood count'], result(21, R.ENTERED, { entered_by: 'supervisor' })),
        test(2, 'Platelets', [5, 'Full blood count'], result(22, R.ENTERED)),
        test(3, 'Glucose', null, result(23, R.VERIFIED)),
        test(4, 'Urea', null, null),
      ],
    };
    expect(resultsIn(sample, R.ENTERED).map((r) => r.id)).toEqual([21, 22]);
    expect(resultsIn(sample, R.VERIFIED).map((r) => r.id)).toEqual([23]);
    expect(enteredBy(resultsIn(sample, R.ENTERED), 'supervisor').map((r) => r.id)).toEqual([21]);
    expect(enteredBy(resultsIn(sample, R.ENTERED), undefined)).toEqual([]);
  });

  it('keeps a released test and its amendment under review apart, and offers no second amendment', () => {
    const released = test(1, 'Glucose', null, result(31, R.APPROVAL));
    const amendment = test(1, 'Glucose', null, result(32, R.ENTERED, { version: 2, amends: 31, amendment_reason: 'Transcription error' }));
    expect(lineKey(released)).not.toBe(lineKey(amendment));
    expect(amendmentPending([released, amendment], released)).toBe(true);
    expect(amendmentPending([released], released)).toBe(false);
    expect(resultsIn({ tests: [released, amendment] }, R.ENTERED).map((r) => r.id)).toEqual([32]);
  });

  it("names a panel member without the panel's name its heading already gives", () => {
    expect(memberName('Xpert MTB/RIF - RIF resistance', 'Xpert MTB/RIF')).toBe('RIF resistance');
    expect(memberName('AFB smear (ZN) - grade', 'AFB smear microscopy (ZN)')).toBe('AFB smear (ZN) - grade');
    expect(memberName('Haemoglobin (Hb)', 'Full blood count')).toBe('Haemoglobin (Hb)');
    expect(memberName('Glucose', null)).toBe('Glucose');
  });
});

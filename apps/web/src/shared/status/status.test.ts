import { CANCELLED_STATUS, RESULT_STATUS as R, SAMPLE_STATUS as S } from '@nlims/contracts';
import { describe, expect, it } from 'vitest';
import { sampleStatusKey, statusKey, testStatusKey } from './statusLabels';
import { keyed } from '../../i18n/keyed';

const catalogs = keyed(import.meta.glob<Record<string, string>>('@locales/*/clinical.json', { eager: true, import: 'default' }));
const english = catalogs['en/clinical']!;
const text = (key: string) => english[key];

describe('status labels (DESIGN §3)', () => {
  it('calls an accepted sample Accepted and an approved result Approved', () => {
    expect(text(statusKey(S.APPROVED))).toBe('Accepted');
    expect(text(statusKey(R.APPROVAL))).toBe('Approved');
    expect(text(statusKey(S.ORDERED))).toBe('Ordered');
    expect(text(statusKey(R.ENTERED))).toBe('Entered');
    expect(text(statusKey(999))).toBe('Unknown status');
    expect(text(statusKey(null))).toBe('Unknown status');
  });

  it('shows a finished sample as Completed alone, whatever its status code', () => {
    expect(text(sampleStatusKey({ status: S.ONGOING, completed: true }))).toBe('Completed');
    expect(text(sampleStatusKey({ status: S.PARTIALLY_REJECTED, completed: true }))).toBe('Completed');
    expect(text(sampleStatusKey({ status: S.ONGOING, completed: false }))).toBe('Ongoing');
    expect(text(sampleStatusKey({ status: S.APPROVED }))).toBe('Accepted');
  });

  it('shows a test without a result as Awaiting result, never its sample status', () => {
    for (const status of [S.ORDERED, S.COLLECTED, S.APPROVED, S.RECEIVED, S.ONGOING, S.WORKSHEET, S.PARTIALLY_REJECTED, S.ON_HOLD])
      expect(text(testStatusKey(status)), `test status ${status}`).toBe('Awaiting result');
    expect(text(testStatusKey(R.ENTERED))).toBe('Entered');
    expect(text(testStatusKey(R.VERIFIED))).toBe('Verified');
    expect(text(testStatusKey(R.APPROVAL))).toBe('Approved');
    expect(text(testStatusKey(R.RETEST))).toBe('Retest');
    expect(text(testStatusKey(S.REJECTED))).toBe('Rejected');
    expect(text(testStatusKey(CANCELLED_STATUS))).toBe('Cancelled');
    expect(text(testStatusKey(CANCELLED_STATUS, CANCELLED_STATUS))).toBe('Cancelled');
    expect(text(testStatusKey(CANCELLED_STATUS, S.ONGOING))).toBe('Not applicable');
  });

  it('has every label in all six languages', () => {
    const keys = ['status.3', 'status.7', 'status.completed', 'status.awaitingResult'];
    expect(Object.keys(catalogs)).toHaveLength(6);
    for (const catalog of Object.values(catalogs)) for (const key of keys) expect(catalog[key]?.trim()).toBeTruthy();
  });
});

import { CANCELLED_STATUS, RESULT_STATUS as R, SAMPLE_STATUS as S } from '@nlims/contracts';
import { describe, expect, it } from 'vitest';
import { sampleStatusKey, statusKey, testStatusKey } from './statusLabels';

const catalogs = import.meta.glob<Record<string, string>>('../../../i18n/locales/*/clinical.json', { eager: true, import: 'default' });
const english = catalogs['../../../i18n/locales/en/clinical.json']!;
const text = (key: string) => english[key];

describe('status labels (DESIGN §3)', () => {
  it('calls an accepted sample ACCEPTED and an approved result APPROVED', () => {
    expect(text(statusKey(S.APPROVED))).toBe('ACCEPTED');
    expect(text(statusKey(R.APPROVAL))).toBe('APPROVED');
    expect(text(statusKey(S.ORDERED))).toBe('ORDERED');
    expect(text(statusKey(R.ENTERED))).toBe('ENTERED');
    expect(text(statusKey(999))).toBe('UNKNOWN STATUS');
    expect(text(statusKey(null))).toBe('UNKNOWN STATUS');
  });

  it('shows a finished sample as COMPLETED alone, whatever its status code', () => {
    expect(text(sampleStatusKey({ status: S.ONGOING, completed: true }))).toBe('COMPLETED');
    expect(text(sampleStatusKey({ status: S.PARTIALLY_REJECTED, completed: true }))).toBe('COMPLETED');
    expect(text(sampleStatusKey({ status: S.ONGOING, completed: false }))).toBe('ONGOING');
    expect(text(sampleStatusKey({ status: S.APPROVED }))).toBe('ACCEPTED');
  });

  it('shows a test without a result as AWAITING RESULT, never its sample status', () => {
    for (const status of [S.ORDERED, S.COLLECTED, S.APPROVED, S.RECEIVED, S.ONGOING, S.WORKSHEET, S.PARTIALLY_REJECTED, S.ON_HOLD])
      expect(text(testStatusKey(status)), `test status ${status}`).toBe('AWAITING RESULT');
    expect(text(testStatusKey(R.ENTERED))).toBe('ENTERED');
    expect(text(testStatusKey(R.VERIFIED))).toBe('VERIFIED');
    expect(text(testStatusKey(R.APPROVAL))).toBe('APPROVED');
    expect(text(testStatusKey(R.RETEST))).toBe('RETEST');
    expect(text(testStatusKey(S.REJECTED))).toBe('REJECTED');
    expect(text(testStatusKey(CANCELLED_STATUS))).toBe('CANCELLED');
    expect(text(testStatusKey(CANCELLED_STATUS, CANCELLED_STATUS))).toBe('CANCELLED');
    expect(text(testStatusKey(CANCELLED_STATUS, S.ONGOING))).toBe('NOT APPLICABLE');
  });

  it('has every label in all six languages', () => {
    const keys = ['status.3', 'status.7', 'status.completed', 'status.awaitingResult'];
    expect(Object.keys(catalogs)).toHaveLength(6);
    for (const catalog of Object.values(catalogs)) for (const key of keys) expect(catalog[key]?.trim()).toBeTruthy();
  });
});

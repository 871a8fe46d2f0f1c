import { describe, expect, it } from 'vitest';
import { DISPATCH_STATUS, SAMPLE_STATUS, statusLabel } from './statuses.js';

describe('a status in words', () => {
  it('is written in sentence case, never as the code', () => {
    expect(statusLabel(DISPATCH_STATUS, DISPATCH_STATUS.COURIER_NOTIFIED)).toBe('Courier notified');
    expect(statusLabel(DISPATCH_STATUS, DISPATCH_STATUS.PENDING)).toBe('Pending');
    expect(statusLabel(SAMPLE_STATUS, SAMPLE_STATUS.PARTIALLY_REJECTED)).toBe('Partially rejected');
    expect(statusLabel(SAMPLE_STATUS, 99)).toBe('Unknown status');
  });
});

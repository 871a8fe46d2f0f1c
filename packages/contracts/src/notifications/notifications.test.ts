import { describe, expect, it } from 'vitest';
import '../programmes/index.js';
import { criticalAckBody, defaultNotificationContent } from './notifications.js';

describe('notification content by programme', () => {
  it('says only that HIV results (EID, viral load) are ready, and gives the values of the others', () => {
    expect(defaultNotificationContent('EID')).toBe('ready');
    expect(defaultNotificationContent('Viral Load')).toBe('ready');
    expect(defaultNotificationContent('General')).toBe('value');
    expect(defaultNotificationContent('Tuberculosis')).toBe('value');
  });

  it('takes an acknowledgement only with the read-back confirmed', () => {
    expect(criticalAckBody.safeParse({ acknowledged_by: 'Dr Bello', read_back: true }).success).toBe(true);
    expect(criticalAckBody.safeParse({ acknowledged_by: 'Dr Bello', read_back: false }).success).toBe(false);
    expect(criticalAckBody.safeParse({ acknowledged_by: '  ', read_back: true }).success).toBe(false);
  });
});

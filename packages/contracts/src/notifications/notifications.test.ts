import { describe, expect, it } from 'vitest';
import '../programmes/index.js';
import { criticalAckBody, defaultNotificationContent, hidesValueOf } from './notifications.js';

describe('notification content by programme', () => {
  it('says only that HIV results (EID, viral load) are ready, and gives the values of the others', () => {
    expect(defaultNotificationContent('EID')).toBe('ready');
    expect(defaultNotificationContent('Viral Load')).toBe('ready');
    expect(defaultNotificationContent('General')).toBe('value');
    expect(defaultNotificationContent('Tuberculosis')).toBe('value');
  });

  it('keeps the value of an HIV test out of any other programme’s messages, and leaves EID and viral load to their setting', () => {
    for (const code of ['HIV-RT1', 'HIV-RT2', 'HIV-RT3', 'HIV-RT']) expect(hidesValueOf('General', code)).toBe(true);
    for (const code of ['FBG', 'HBSAG-RDT', 'EUCR-K', 'SHIVER']) expect(hidesValueOf('General', code)).toBe(false);
    expect(hidesValueOf('Viral Load', 'VL-HIV')).toBe(false);
  });

  it('takes an acknowledgement only with the read-back confirmed', () => {
    expect(criticalAckBody.safeParse({ acknowledged_by: 'Dr Bello', read_back: true }).success).toBe(true);
    expect(criticalAckBody.safeParse({ acknowledged_by: 'Dr Bello', read_back: false }).success).toBe(false);
    expect(criticalAckBody.safeParse({ acknowledged_by: '  ', read_back: true }).success).toBe(false);
  });
});

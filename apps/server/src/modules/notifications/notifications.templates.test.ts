import { NOTIFY_LANGUAGES } from '@nlims/contracts';
import { describe, expect, it } from 'vitest';
import { e164 } from './notifications.enqueue.js';
import { composeMessage, languageOf } from './notifications.templates.js';

describe('message texts', () => {
  it('has every message in every language, naming the lab number and the facility, and the values only when given', () => {
    for (const language of NOTIFY_LANGUAGES) {
      for (const kind of ['ready', 'amended', 'critical'] as const) {
        const withValues = composeMessage(kind, language, { lab: 'LA-IKJ-1', facility: 'Ikeja', values: 'Potassium 7.4 mmol/L' });
        expect(withValues.subject, `${language} ${kind}`).toContain('LA-IKJ-1');
        expect(withValues.body, `${language} ${kind}`).toContain('Ikeja');
        expect(withValues.body, `${language} ${kind}`).toContain('Potassium 7.4');
      }
      for (const kind of ['ready', 'amended'] as const) {
        const ready = composeMessage(kind, language, { lab: 'LA-IKJ-1', facility: 'Ikeja', values: null });
        expect(ready.body).toContain('LA-IKJ-1');
        expect(ready.body).not.toMatch(/\{|\}/);
      }
    }
  });

  it('writes in English for a language it does not have', () => {
    expect(languageOf('yo')).toBe('en');
    expect(composeMessage('ready', 'yo', { lab: 'X', facility: 'Y' }).body).toBe('Results for laboratory number X are ready at Y.');
  });

  it('reads Nigerian phone numbers as E.164, and nothing else as a phone number', () => {
    expect(e164('0803 123 4567')).toBe('+2348031234567');
    expect(e164('2348031234567')).toBe('+2348031234567');
    expect(e164('+234 (803) 123-4567')).toBe('+2348031234567');
    expect(e164('')).toBeNull();
    expect(e164('call me')).toBeNull();
    expect(e164('123')).toBeNull();
  });
});

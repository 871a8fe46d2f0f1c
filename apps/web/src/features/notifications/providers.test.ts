import { describe, expect, it } from 'vitest';
import { providerNotice } from './providers';

describe('the outbox’s notice about providers', () => {
  it('names the channels without a provider', () => {
    expect(providerNotice({ email: false, sms: true }, [])).toEqual({ missing: ['email'], earlier: false });
    expect(providerNotice({ email: true, sms: true }, [{ channel: 'sms', status: 'delivered' }])).toEqual({ missing: [], earlier: false });
    expect(providerNotice(undefined, [])).toEqual({ missing: [], earlier: false });
  });

  it('does not contradict rows sent or delivered on such a channel: they went out through a provider configured earlier', () => {
    const rows = [
      { channel: 'email' as const, status: 'queued' as const },
      { channel: 'sms' as const, status: 'delivered' as const },
    ];
    expect(providerNotice({ email: false, sms: false }, rows)).toEqual({ missing: ['email', 'sms'], earlier: true });
    expect(providerNotice({ email: false, sms: true }, rows)).toEqual({ missing: ['email'], earlier: false });
    expect(providerNotice({ email: false, sms: true }, [{ channel: 'email', status: 'sent' }]).earlier).toBe(true);
  });
});

import { describe, expect, it } from 'vitest';
import { maskAddress, maskAddresses, maskIn } from './notifications.mask.js';

describe('a masked recipient', () => {
  it('keeps an e-mail address’s first letter and domain, a phone number’s first and last four characters', () => {
    expect(maskAddress('adaeze@example.org')).toBe('a•••@example.org');
    expect(maskAddress('+2348035551234')).toBe('+234•••••1234');
    expect(maskAddress('+2341234')).toBe('•••••34');
    expect(maskAddresses('dr.bello@example.org, +2348031234567')).toBe('d•••@example.org, +234•••••4567');
  });

  it('is masked in a provider’s error, in any of the forms a number is written', () => {
    expect(maskIn('550 <Adaeze@Example.org>: rejected', 'adaeze@example.org')).toBe('550 <a•••@example.org>: rejected');
    expect(maskIn('number 2348035551234 unreachable', '+2348035551234')).toBe('number +234•••••1234 unreachable');
    expect(maskIn('+2348035551234 or 08035551234 switched off', '+2348035551234')).toBe('+234•••••1234 or +234•••••1234 switched off');
    expect(maskIn('Gateway answered 503', '+2348035551234')).toBe('Gateway answered 503');
  });
});

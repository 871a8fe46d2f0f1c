import { z } from 'zod';

/** A route that checks a password: its 429 while the sign-in throttle owes a delay (modules/users/users.password-throttle.ts). */
export const THROTTLED_REPLY = {
  429: z.object({ detail: z.string() }).describe('Too many failed password attempts from this account or address: wait the seconds given in Retry-After.'),
};

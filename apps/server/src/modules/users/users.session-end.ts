import type { Tx } from '../../core/db.js';
import { Hook } from '../../core/hooks.js';

/** A user is to be signed out (a new password, a disabled account); `except` keeps the caller's own session. */
export interface UserSessionsEnd {
  tx: Tx;
  userId: number;
  reason: 'password' | 'disabled';
  except?: string | null;
}

/**
 * Sessions belong to sign-in (modules/auth), which sits above users: it registers here how they end, so a change
 * of password or a disabled account signs the user out without users importing it. Runs in the caller's
 * transaction.
 */
export const userSessionsEnd = new Hook<UserSessionsEnd>('user sessions end');

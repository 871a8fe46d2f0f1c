import { ApiError } from '../../api/errors';
import { fetchMe } from './api';
import { clearSession, getSession, setUser } from '../../api/session';

let started: Promise<void> | null = null;

/**
 * Once per page load, confirm the stored session with GET /api/users/me/ and
 * refresh the saved user. A refused request ends the session (SPEC §4); a
 * network failure keeps a saved user so the app still opens offline.
 */
export function checkSessionOnce(): Promise<void> {
  started ??= (async () => {
    if (!getSession().token) return;
    try {
      setUser(await fetchMe());
    } catch (error) {
      if (error instanceof ApiError || !getSession().user) clearSession();
    }
  })();
  return started;
}

/** Sign-in has just fetched the user; no need to check again on this page load. */
export function markSessionChecked(): void {
  started = Promise.resolve();
}

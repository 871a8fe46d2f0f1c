import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useNotices } from '../../shared/notices';
import { useHookSlot } from '../../shared/registry';
import { logout } from './api';
import { clearSession, getSession } from '../../api/session';
import { SIGN_OUT_CHECKS } from './slots';

const SIGN_OUT_WAIT_MS = 4000;

/** End the session on the server (ignoring failure, waiting a few seconds at most), end the session, and go to /signin. */
export function useSignOut(): () => Promise<void> {
  const { t } = useTranslation('public');
  const { message } = useNotices();
  const navigate = useNavigate();
  const checks = useHookSlot(SIGN_OUT_CHECKS);
  return async () => {
    const { token, refresh, user } = getSession();
    // What would stay behind on this device (records registered offline, not yet sent): say so before the session ends.
    for (const check of checks) {
      const warning = user ? await check(user.username).catch(() => null) : null;
      if (warning && !window.confirm(warning)) return;
    }
    // A slow or lost link must not keep anyone on a signed-in screen: the server gets a few seconds at most
    // (the request, once sent, carries its token whatever happens here).
    if (token || refresh) await Promise.race([logout().catch(() => undefined), new Promise((resolve) => setTimeout(resolve, SIGN_OUT_WAIT_MS))]);
    // Navigate first, so the route guard does not remember this page for the next sign-in.
    navigate('/signin', { replace: true });
    clearSession();
    void message.success(t('notice.operationSuccessful'));
  };
}

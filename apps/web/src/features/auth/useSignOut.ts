import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useNotices } from '../app/notices';
import { recordsOf } from '../offline/store';
import { logout } from './api';
import { clearSession, getSession } from './session';

const SIGN_OUT_WAIT_MS = 4000;

/** End the session on the server (ignoring failure, waiting a few seconds at most), end the session, and go to /signin. */
export function useSignOut(): () => Promise<void> {
  const { t } = useTranslation(['public', 'offline']);
  const { message } = useNotices();
  const navigate = useNavigate();
  return async () => {
    const { token, refresh, user } = getSession();
    // Records registered offline and not yet sent stay on this device; say so before the session ends.
    const waiting = user ? (await recordsOf(user.username).catch(() => [])).filter((r) => r.state !== 'sent').length : 0;
    if (waiting && !window.confirm(t('offline:signOut.warning', { n: waiting }))) return;
    // A slow or lost link must not keep anyone on a signed-in screen: the server gets a few seconds at most
    // (the request, once sent, carries its token whatever happens here).
    if (token || refresh) await Promise.race([logout().catch(() => undefined), new Promise((resolve) => setTimeout(resolve, SIGN_OUT_WAIT_MS))]);
    // Navigate first, so the route guard does not remember this page for the next sign-in.
    navigate('/signin', { replace: true });
    clearSession();
    void message.success(t('public:notice.operationSuccessful'));
  };
}

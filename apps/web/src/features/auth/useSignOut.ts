import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useNotices } from '../app/notices';
import { logout } from './api';
import { clearSession, getSession } from './session';

/** End the session on the server (ignoring failure), end the session, and go to /signin. */
export function useSignOut(): () => Promise<void> {
  const { t } = useTranslation('public');
  const { message } = useNotices();
  const navigate = useNavigate();
  return async () => {
    const { token, refresh } = getSession();
    if (token || refresh) await logout().catch(() => undefined);
    // Navigate first, so the route guard does not remember this page for the next sign-in.
    navigate('/signin', { replace: true });
    clearSession();
    void message.success(t('notice.operationSuccessful'));
  };
}

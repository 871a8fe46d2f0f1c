import type { FormInstance } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { ApiError, NetworkError } from '../../api/errors';
import { applyFieldErrors } from '../../api/forms';
import { useNotices } from '../app/notices';
import { fetchMe, login } from './api';
import { readFrom } from './redirect';
import { clearSession, setUser, startSession } from './session';
import { markSessionChecked } from './startup';

export interface SignInValues {
  username: string;
  password: string;
  remember: boolean;
}

/** Login, fetch the user, then go where SPEC §4 says (or back to the page first asked for). */
export function useSignIn(form: FormInstance<SignInValues>) {
  const { t } = useTranslation('public');
  const { message } = useNotices();
  const navigate = useNavigate();
  const location = useLocation();
  const [pending, setPending] = useState(false);

  const failed = (error: unknown) => {
    clearSession();
    if (error instanceof ApiError) {
      applyFieldErrors(form, error);
      const first = Object.values(error.fieldErrors ?? {})[0]?.[0];
      void message.error(error.detail ?? first ?? t('signin.failed'));
    } else if (error instanceof NetworkError) {
      void message.error(t(error.timedOut ? 'notice.appError.timeout' : 'notice.appError.network'));
    } else {
      void message.error(error instanceof Error ? error.message : t('signin.failed'));
    }
  };

  const submit = async ({ username, password, remember }: SignInValues) => {
    setPending(true);
    // The landing rules read the programmes' definitions: fetched while the password is checked, not with the sign-in page.
    const landingRules = import('./home');
    landingRules.catch(() => undefined); // a failed load is reported below, when it is awaited
    try {
      const pair = await login({ username: username.trim(), password, remember: !!remember });
      startSession(pair, !!remember);
      void message.success(t('signin.success'));
      const user = await fetchMe();
      setUser(user);
      markSessionChecked();
      const from = readFrom(location.state);
      const { allowedTarget, landingAfterLogin, PATHS } = await landingRules;
      const landing = landingAfterLogin(user);
      if (landing === PATHS.selectProgram) {
        navigate(landing, { replace: true, state: { from } });
      } else {
        navigate(allowedTarget(user, null, from) ?? landing, { replace: true });
      }
    } catch (error) {
      failed(error);
    } finally {
      setPending(false);
    }
  };

  return { submit, pending };
}

import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { ApiError, NetworkError } from '../../api/errors';
import { fetchMe, login } from './api';
import { readFrom } from './redirect';
import { clearSession, setUser, startSession } from '../../api/session';
import { markSessionChecked } from './startup';

export interface SignInValues {
  username: string;
  password: string;
  remember: boolean;
}

export type SignInField = 'username' | 'password';

/** What went wrong: a message per field (the form's own checks or the server's 400) and one for the whole form. */
export interface SignInErrors {
  fields: Partial<Record<SignInField, string>>;
  form?: string;
}

const NO_ERRORS: SignInErrors = { fields: {} };

/** The form's own checks, before anything is sent. */
export function checkSignIn(values: SignInValues, t: (key: string) => string): SignInErrors['fields'] {
  const fields: SignInErrors['fields'] = {};
  if (!values.username.trim()) fields.username = t('signin.usernameRequired');
  if (!values.password) fields.password = t('signin.passwordRequired');
  return fields;
}

/** Login, fetch the user, then go where SPEC §4 says (or back to the page first asked for). */
export function useSignIn() {
  const { t } = useTranslation('public');
  const navigate = useNavigate();
  const location = useLocation();
  const [pending, setPending] = useState(false);
  const [errors, setErrors] = useState<SignInErrors>(NO_ERRORS);

  const failed = (error: unknown): SignInErrors => {
    clearSession();
    if (error instanceof ApiError) {
      const server = error.fieldErrors ?? {};
      const fields: SignInErrors['fields'] = {};
      for (const name of ['username', 'password'] as const) if (server[name]?.[0]) fields[name] = server[name].join(', ');
      const other = Object.entries(server).find(([name]) => name !== 'username' && name !== 'password')?.[1]?.[0];
      return { fields, form: error.detail ?? other ?? (Object.keys(fields).length ? undefined : t('signin.failed')) };
    }
    if (error instanceof NetworkError) return { fields: {}, form: t(error.timedOut ? 'notice.appError.timeout' : 'notice.appError.network') };
    return { fields: {}, form: error instanceof Error ? error.message : t('signin.failed') };
  };

  /** Checks the form, signs in and moves on; returns the errors it shows (empty when it moved on). */
  const submit = async ({ username, password, remember }: SignInValues): Promise<SignInErrors> => {
    const fields = checkSignIn({ username, password, remember }, t);
    if (Object.keys(fields).length) {
      setErrors({ fields });
      return { fields };
    }
    setErrors(NO_ERRORS);
    setPending(true);
    // The landing rules read the programmes' definitions: fetched while the password is checked, not with the sign-in page.
    const landingRules = import('./home');
    landingRules.catch(() => undefined); // a failed load is reported below, when it is awaited
    try {
      const pair = await login({ username: username.trim(), password, remember });
      startSession(pair, remember);
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
      return NO_ERRORS;
    } catch (error) {
      const shown = failed(error);
      setErrors(shown);
      return shown;
    } finally {
      setPending(false);
    }
  };

  /** Typing in a field clears what was said about it. */
  const clearField = (name: SignInField) =>
    setErrors((current) => (current.fields[name] ? { ...current, fields: { ...current.fields, [name]: undefined } } : current));

  return { submit, pending, errors, clearField };
}

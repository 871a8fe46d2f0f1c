import { type FormEvent, lazy, type ReactNode, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LanguageSelect } from '../language/LanguageSelect';
import { BrandMark } from '../public/Brand';
import { ADMIN_EMAIL } from '../public/links';
import { PwaBanner } from '../public/PwaBanner';
import { useSession } from './useSession';
import { type SignInField, useSignIn } from './useSignIn';
import { WaitDialog } from './WaitDialog';
import '../public/public.css';
import './signin.css';

// Where a signed-in visitor goes is decided by the programmes' rules, loaded only then.
const GoHome = lazy(() => import('./GoHome'));

const ICONS: Record<SignInField, string> = {
  username: 'M12 12a5 5 0 1 0 0-10 5 5 0 0 0 0 10Zm0 2c-4.4 0-8 2.2-8 5v3h16v-3c0-2.8-3.6-5-8-5Z',
  password: 'M17 9V7A5 5 0 0 0 7 7v2H5v13h14V9h-2ZM9 7a3 3 0 0 1 6 0v2H9V7Zm4 10.7V19h-2v-1.3a2 2 0 1 1 2 0Z',
};

/** One labelled field with its icon and the message that names what is wrong with it. */
function Field({ name, label, error, children }: { name: SignInField; label: string; error?: string; children: ReactNode }) {
  return (
    <div className={`signin__field${error ? ' signin__field--error' : ''}`}>
      <label htmlFor={name}>{label}</label>
      <div className="signin__input">
        <svg aria-hidden="true" viewBox="0 0 24 24" width="16" height="16">
          <path fill="currentColor" d={ICONS[name]} />
        </svg>
        {children}
      </div>
      {error && (
        <p id={`${name}-error`} className="signin__error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

/**
 * The sign-in page: plain React and CSS, so a first visit on a slow connection
 * downloads neither the component library nor the app's providers (they load
 * while the password is checked and after).
 */
export default function SignIn() {
  const { t } = useTranslation('public');
  const { submit, pending, errors, clearField } = useSignIn();
  const { token, user, program } = useSession();
  const [showPassword, setShowPassword] = useState(false);
  const form = useRef<HTMLFormElement>(null);

  if (token && user && !pending) return <GoHome user={user} program={program} />;

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const shown = await submit({
      username: String(data.get('username') ?? ''),
      password: String(data.get('password') ?? ''),
      remember: data.get('remember') === 'on',
    });
    const first = (['username', 'password'] as const).find((name) => shown.fields[name]);
    if (first) form.current?.querySelector<HTMLInputElement>(`#${first}`)?.focus();
  };

  return (
    <div className="signin">
      <aside className="signin__brand">
        <Link to="/" className="signin__logo">
          <BrandMark size={40} />
          <span>{t('app.name')}</span>
        </Link>
        <h2>{t('signin.brandTitle')}</h2>
        <p>{t('signin.brandText')}</p>
      </aside>
      <main className="signin__panel">
        <div className="signin__top">
          <Link to="/" className="signin__home">
            {t('signin.backHome')}
          </Link>
          <LanguageSelect />
        </div>
        <div className="signin__card">
          <h1>{t('signin.title')}</h1>
          <p className="signin__subtitle">{t('signin.subtitle')}</p>
          {errors.form && (
            <div className="signin__alert" role="alert">
              {errors.form}
            </div>
          )}
          <form ref={form} className="signin__form" onSubmit={onSubmit} noValidate>
            <Field name="username" label={t('signin.username')} error={errors.fields.username}>
              <input
                id="username"
                name="username"
                autoComplete="username"
                autoCapitalize="none"
                spellCheck={false}
                aria-invalid={!!errors.fields.username}
                aria-describedby={errors.fields.username ? 'username-error' : undefined}
                onChange={() => clearField('username')}
              />
            </Field>
            <Field name="password" label={t('signin.password')} error={errors.fields.password}>
              <input
                id="password"
                name="password"
                type={showPassword ? 'text' : 'password'}
                autoComplete="current-password"
                aria-invalid={!!errors.fields.password}
                aria-describedby={errors.fields.password ? 'password-error' : undefined}
                onChange={() => clearField('password')}
              />
              <button
                type="button"
                className="signin__reveal"
                aria-pressed={showPassword}
                aria-label={t(showPassword ? 'signin.hidePassword' : 'signin.showPassword')}
                onClick={() => setShowPassword((shown) => !shown)}
              >
                <svg aria-hidden="true" viewBox="0 0 24 24" width="18" height="18">
                  <path
                    fill="currentColor"
                    d={
                      showPassword
                        ? 'M12 5c-5 0-9 4.5-10 7 1 2.5 5 7 10 7s9-4.5 10-7c-1-2.5-5-7-10-7Zm0 11a4 4 0 1 1 0-8 4 4 0 0 1 0 8Zm0-6a2 2 0 1 0 0 4 2 2 0 0 0 0-4Z'
                        : 'M3.3 2 2 3.3l3.1 3.1C3.6 7.8 2.5 9.6 2 11c1 2.5 5 7 10 7 1.7 0 3.2-.5 4.5-1.2l3.2 3.2 1.3-1.3L3.3 2ZM12 16a4 4 0 0 1-3.9-4.9l1.6 1.6a2 2 0 0 0 2.6 2.6l1.6 1.6c-.6.3-1.2.4-1.9.4Zm0-11c-1.2 0-2.4.3-3.4.7l2.2 2.2A4 4 0 0 1 16 13.2l2.9 2.9c1.5-1.3 2.6-3 3.1-4.1-1-2.5-5-7-10-7Z'
                    }
                  />
                </svg>
              </button>
            </Field>
            <label className="signin__remember">
              <input type="checkbox" name="remember" />
              <span>{t('signin.remember')}</span>
            </label>
            <button type="submit" className="signin__submit" disabled={pending} aria-busy={pending}>
              {pending && <span className="page-loading__spinner" aria-hidden="true" />}
              {t('signin.submit')}
            </button>
          </form>
          <p className="signin__contact">
            {t('signin.noAccount')} <a href={`mailto:${ADMIN_EMAIL}`}>{t('signin.contactAdmin')}</a>
          </p>
        </div>
      </main>
      <PwaBanner />
      <WaitDialog open={pending} title={t('signin.loadingTitle')} text={t('signin.loadingText')} />
    </div>
  );
}

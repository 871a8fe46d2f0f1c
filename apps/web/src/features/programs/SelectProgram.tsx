import { landingAfterLogin, landingForProgram, roleIn, userPrograms } from '@nlims/contracts';
import { Alert, Button, Empty } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { useNotices } from '../../shared/notices';
import { allowedTarget, needsProgram } from '../auth/home';
import { readFrom } from '../auth/redirect';
import { setProgram } from '../../api/session';
import { useSession } from '../auth/useSession';
import { useSignOut } from '../auth/useSignOut';
import { LanguageSelect } from '../language/LanguageSelect';
import { usePageTitle } from '../../shared/page/usePageTitle';
import { programName, roleName } from '../auth/roleText';
import { Brand } from '../public/Brand';
import { ProgramTile } from './ProgramTile';
import './selectProgram.css';

/** SPEC §4: the pause between Continue and the programme's landing page. */
const CONTINUE_DELAY_MS = 200;

export default function SelectProgram() {
  const { t } = useTranslation('app');
  const { notification } = useNotices();
  const navigate = useNavigate();
  const location = useLocation();
  const signOut = useSignOut();
  const { user } = useSession();
  const [picked, setPicked] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  usePageTitle(t('selectProgram.title'));
  useEffect(() => () => clearTimeout(timer.current), []);

  if (!user) return null;
  // Admins, super admins and tier users do not work per programme.
  if (!needsProgram(user, null)) return <Navigate to={landingAfterLogin(user)} replace />;
  const programs = userPrograms(user);
  // A user who holds one programme finds it chosen (without the "selected" notice), so Continue is one click.
  const chosen = picked ?? (programs.length === 1 ? programs[0]! : null);

  const pick = (name: string) => {
    setPicked(name);
    setProgram(name);
    notification.success({ title: t('selectProgram.selectedTitle'), description: t('selectProgram.selectedText', { program: programName(t, name) }) });
  };

  const proceed = () => {
    if (!chosen) return;
    setProgram(chosen);
    const target = allowedTarget(user, chosen, readFrom(location.state)) ?? landingForProgram(user, chosen);
    timer.current = setTimeout(() => navigate(target, { replace: true }), CONTINUE_DELAY_MS);
  };

  return (
    <div className="prog">
      <header className="prog__top">
        <Brand />
        <LanguageSelect />
      </header>
      <main className="prog__card">
        <h1>{t('selectProgram.title')}</h1>
        <p className="prog__subtitle">{t('selectProgram.subtitle')}</p>
        {programs.length === 0 ? (
          <Empty description={t('selectProgram.none')} />
        ) : (
          <fieldset className="prog__grid" aria-label={t('selectProgram.title')}>
            {programs.map((name) => (
              <ProgramTile
                key={name}
                name={programName(t, name)}
                role={roleName(t, roleIn(user, name) ?? '')}
                selected={chosen === name}
                onSelect={() => pick(name)}
              />
            ))}
          </fieldset>
        )}
        {chosen && <Alert className="prog__alert" type="info" showIcon title={t('selectProgram.alert', { program: programName(t, chosen) })} />}
        <div className="prog__actions">
          <Button size="large" onClick={() => void signOut()}>
            {t('selectProgram.back')}
          </Button>
          <Button size="large" type="primary" disabled={!chosen} onClick={proceed}>
            {t('selectProgram.continue')}
          </Button>
        </div>
      </main>
    </div>
  );
}

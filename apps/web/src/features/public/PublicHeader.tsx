import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LanguageSelect } from '../language/LanguageSelect';
import { Brand } from './Brand';

/** Top bar of the public pages; `sections` adds in-page links on the landing page. */
export function PublicHeader({ sections = false }: { sections?: boolean }) {
  const { t } = useTranslation('public');
  return (
    <header className="pub-header">
      <div className="pub-container pub-header__inner">
        <Brand />
        {sections && (
          <nav className="pub-header__nav" aria-label={t('nav.sections')}>
            <a href="#features">{t('nav.features')}</a>
            <a href="#about">{t('nav.about')}</a>
            <a href="#faq">{t('nav.faq')}</a>
          </nav>
        )}
        <div className="pub-header__actions">
          <LanguageSelect />
          <Link to="/signin" className="pub-btn pub-btn--primary pub-btn--small">
            {t('nav.signIn')}
          </Link>
        </div>
      </div>
    </header>
  );
}

import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { BrandMark } from './Brand';
import { CONTRIBUTE_URL, PARTNERS, SUPPORT_EMAIL } from './links';

/** Footer of the public pages; away from the landing page it starts with a Home link. */
export function PublicFooter({ home = false }: { home?: boolean }) {
  const { t } = useTranslation('public');
  return (
    <footer className="pub-footer">
      <div className="pub-container pub-footer__grid">
        <div className="pub-footer__about">
          <div className="pub-footer__brand">
            <BrandMark size={28} />
            <strong>{t('app.name')}</strong>
          </div>
          <p>{t('footer.tagline')}</p>
        </div>
        <nav aria-label={t('footer.product')}>
          <h2>{t('footer.product')}</h2>
          <ul>
            {home && (
              <li>
                <Link to="/">{t('footer.home')}</Link>
              </li>
            )}
            <li>
              <Link to="/signin">{t('footer.launchApp')}</Link>
            </li>
            <li>
              <Link to="/docs">{t('footer.documentation')}</Link>
            </li>
            <li>
              <Link to="/terms">{t('footer.terms')}</Link>
            </li>
          </ul>
        </nav>
        <nav aria-label={t('footer.partners')}>
          <h2>{t('footer.partners')}</h2>
          <ul>
            <li>
              <a href={PARTNERS.ncdc} target="_blank" rel="noopener noreferrer">
                {t('footer.ncdc')}
              </a>
            </li>
            <li>
              <a href={PARTNERS.fmoh} target="_blank" rel="noopener noreferrer">
                {t('footer.fmoh')}
              </a>
            </li>
          </ul>
        </nav>
        <nav aria-label={t('footer.support')}>
          <h2>{t('footer.support')}</h2>
          <ul>
            <li>
              <a href={`mailto:${SUPPORT_EMAIL}`}>{t('footer.email')}</a>
            </li>
            <li>
              <a href={CONTRIBUTE_URL} target="_blank" rel="noopener noreferrer">
                {t('footer.contribute')}
              </a>
            </li>
          </ul>
        </nav>
      </div>
      <div className="pub-container pub-footer__legal">
        <p>{t('footer.rights', { year: new Date().getFullYear() })}</p>
      </div>
    </footer>
  );
}

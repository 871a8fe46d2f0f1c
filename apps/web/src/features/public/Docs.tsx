import { Link } from 'react-router';
import { Trans, useTranslation } from 'react-i18next';
import { ADMIN_EMAIL, SUPPORT_EMAIL } from './links';
import { PublicPage } from './PublicPage';

const STEPS = ['open', 'credentials', 'remember', 'program'] as const;

export default function Docs() {
  const { t } = useTranslation('public');
  // biome-ignore lint/a11y/useAnchorContent: <Trans> fills the link with the address from the translation
  const mail = (email: string) => <a href={`mailto:${email}`} />;
  return (
    <PublicPage>
      <article className="pub-container pub-doc">
        <h1>{t('docs.title')}</h1>
        <p className="pub-doc__lead">{t('docs.intro')}</p>
        <section>
          <h2>{t('docs.what.title')}</h2>
          <p>{t('docs.what.text')}</p>
        </section>
        <section>
          <h2>{t('docs.signin.title')}</h2>
          <ol>
            {STEPS.map((step) => (
              <li key={step}>{t(`docs.signin.${step}`)}</li>
            ))}
          </ol>
          <p>
            <Link to="/signin" className="pub-btn pub-btn--primary">
              {t('footer.launchApp')}
            </Link>
          </p>
        </section>
        <section>
          <h2>{t('docs.help.title')}</h2>
          <p>{t('docs.help.password')}</p>
          <p>
            <Trans t={t} i18nKey="docs.help.account" values={{ email: ADMIN_EMAIL }} components={{ mail: mail(ADMIN_EMAIL) }} />
          </p>
          <p>
            <Trans t={t} i18nKey="docs.help.support" values={{ email: SUPPORT_EMAIL }} components={{ mail: mail(SUPPORT_EMAIL) }} />
          </p>
        </section>
      </article>
    </PublicPage>
  );
}

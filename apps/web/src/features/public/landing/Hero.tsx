import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';

/** Figures describing the national scope: programmes, states (with the FCT) and LGAs. */
const STATS = [
  { value: '15', key: 'programs' },
  { value: '37', key: 'states' },
  { value: '774', key: 'lgas' },
] as const;

export function Hero() {
  const { t } = useTranslation('public');
  return (
    <section className="pub-hero" aria-labelledby="hero-title">
      <div className="pub-container pub-hero__inner">
        <div className="pub-hero__copy">
          <p className="pub-eyebrow">{t('landing.hero.eyebrow')}</p>
          <h1 id="hero-title">{t('landing.hero.title')}</h1>
          <p className="pub-hero__lead">{t('landing.hero.subtitle')}</p>
          <div className="pub-hero__cta">
            <Link to="/signin" className="pub-btn pub-btn--primary pub-btn--large">
              {t('landing.hero.getStarted')}
            </Link>
            <a href="#about" className="pub-btn pub-btn--ghost pub-btn--large">
              {t('landing.hero.learnMore')}
            </a>
          </div>
        </div>
        <ul className="pub-hero__stats" aria-label={t('landing.hero.statsLabel')}>
          {STATS.map((stat) => (
            <li key={stat.key}>
              <strong>{stat.value}</strong>
              <span>{t(`landing.hero.stats.${stat.key}`)}</span>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

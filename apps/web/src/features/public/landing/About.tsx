import { useTranslation } from 'react-i18next';

const POINTS = ['samples', 'results', 'dashboards', 'quality'] as const;

export function About() {
  const { t } = useTranslation('public');
  return (
    <section id="about" className="pub-section pub-section--tinted" aria-labelledby="about-title">
      <div className="pub-container pub-about">
        <div>
          <h2 id="about-title" className="pub-section__title">
            {t('landing.about.title')}
          </h2>
          <p>{t('landing.about.text1')}</p>
          <p>{t('landing.about.text2')}</p>
        </div>
        <ul className="pub-checklist">
          {POINTS.map((point) => (
            <li key={point}>{t(`landing.about.points.${point}`)}</li>
          ))}
        </ul>
      </div>
    </section>
  );
}

import { useTranslation } from 'react-i18next';

const ICONS = {
  realtime: 'M13 2 4 14h7l-1 8 9-12h-7l1-8Z',
  secure: 'M12 2 4 5v6c0 5 3.4 9.3 8 11 4.6-1.7 8-6 8-11V5l-8-3Zm-1.2 14.2-3.5-3.5 1.4-1.4 2.1 2.1 4.9-4.9 1.4 1.4-6.3 6.3Z',
  workflows: 'M4 5h6v4H4V5Zm10 0h6v4h-6V5ZM9 15h6v4H9v-4ZM7 9v3h10V9h2v5h-6v1h-2v-1H5V9h2Z',
} as const;

const CARDS = ['realtime', 'secure', 'workflows'] as const;

export function WhyChoose() {
  const { t } = useTranslation('public');
  return (
    <section id="features" className="pub-section" aria-labelledby="why-title">
      <div className="pub-container">
        <h2 id="why-title" className="pub-section__title">
          {t('landing.why.title')}
        </h2>
        <p className="pub-section__lead">{t('landing.why.subtitle')}</p>
        <ul className="pub-cards">
          {CARDS.map((card) => (
            <li key={card} className="pub-card">
              <span className="pub-card__icon" aria-hidden="true">
                <svg viewBox="0 0 24 24" width="28" height="28" aria-hidden="true" focusable="false">
                  <path fill="currentColor" d={ICONS[card]} />
                </svg>
              </span>
              <h3>{t(`landing.why.${card}.title`)}</h3>
              <p>{t(`landing.why.${card}.text`)}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

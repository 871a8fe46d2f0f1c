import { Trans, useTranslation } from 'react-i18next';
import { SUPPORT_EMAIL } from '../links';

const QUESTIONS = ['reset', 'support', 'mobile', 'print'] as const;

/** Native <details> elements: keyboard and screen-reader friendly without script. */
export function Faq() {
  const { t } = useTranslation('public');
  return (
    <section id="faq" className="pub-section" aria-labelledby="faq-title">
      <div className="pub-container pub-faq">
        <h2 id="faq-title" className="pub-section__title">
          {t('landing.faq.title')}
        </h2>
        {QUESTIONS.map((question) => (
          <details key={question} className="pub-faq__item">
            <summary>{t(`landing.faq.${question}.q`)}</summary>
            <p>
              <Trans
                t={t}
                i18nKey={`landing.faq.${question}.a`}
                values={{ email: SUPPORT_EMAIL }}
                // biome-ignore lint/a11y/useAnchorContent: <Trans> fills the link with the address from the translation
                components={{ mail: <a href={`mailto:${SUPPORT_EMAIL}`} /> }}
              />
            </p>
          </details>
        ))}
      </div>
    </section>
  );
}

import { useTranslation } from 'react-i18next';
import { PublicPage } from './PublicPage';

const SECTIONS = ['use', 'accounts', 'data', 'availability', 'changes'] as const;

export default function Terms({ prerendered = false }: { prerendered?: boolean }) {
  const { t } = useTranslation('public');
  return (
    <PublicPage prerendered={prerendered}>
      <article className="pub-container pub-doc">
        <h1>{t('terms.title')}</h1>
        <p className="pub-doc__note">{t('terms.placeholder')}</p>
        {SECTIONS.map((section, index) => (
          <section key={section}>
            <h2>
              {index + 1}. {t(`terms.${section}.title`)}
            </h2>
            <p>{t(`terms.${section}.text`)}</p>
          </section>
        ))}
      </article>
    </PublicPage>
  );
}

import { useTranslation } from 'react-i18next';

/** Plain spinner: shown while a lazily loaded section downloads, before any component library exists. */
export function PageLoading() {
  const { t } = useTranslation('public');
  return (
    <div className="page-loading" role="status">
      <div className="page-loading__spinner" />
      <span className="sr-only">{t('common.loading')}</span>
    </div>
  );
}

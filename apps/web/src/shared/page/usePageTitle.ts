import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** Puts the page's name in the browser tab. */
export function usePageTitle(title: string): void {
  const { t } = useTranslation('public');
  useEffect(() => {
    document.title = `${title} · ${t('app.name')}`;
  }, [title, t]);
}

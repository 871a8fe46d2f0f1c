import { ConfigProvider } from 'antd';
import type { Locale } from 'antd/es/locale';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isLanguage, isRtl } from '../../i18n/languages';
import { loadAntdLocale } from './antdLocale';
import { NoticeBridge } from './NoticeBridge';
import { NoticesProvider } from '../../shared/notices';
import { prefersReducedMotion, themeFor } from '../../shared/theme';

// Read once: the setting rarely changes while a page is open.
const appTheme = themeFor(prefersReducedMotion());

export function AntdProvider({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation('public');
  const language = isLanguage(i18n.language) ? i18n.language : 'en';
  const [locale, setLocale] = useState<Locale | undefined>();

  useEffect(() => {
    let current = true;
    loadAntdLocale(language).then(
      (next) => current && setLocale(next),
      () => current && setLocale(undefined),
    );
    return () => {
      current = false;
    };
  }, [language]);

  return (
    <ConfigProvider theme={appTheme} locale={locale} direction={isRtl(language) ? 'rtl' : 'ltr'}>
      <NoticesProvider rtl={isRtl(language)}>
        <NoticeBridge />
        {children}
      </NoticesProvider>
    </ConfigProvider>
  );
}

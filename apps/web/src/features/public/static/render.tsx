import i18next, { type ResourceKey } from 'i18next';
import { renderToString } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { StaticRouter } from 'react-router';
import { isRtl, type Language } from '../../../i18n/languages';
import Landing from '../landing/Landing';
import Terms from '../Terms';
import { StaticNotices } from './StaticNotices';
import { keyed } from '../../../i18n/keyed';

const catalogs = keyed(import.meta.glob<{ default: ResourceKey }>('@locales/*/public.json', { eager: true }));

export type StaticPage = 'landing' | 'terms';

/**
 * The landing and terms pages as HTML, built once per language so that a
 * first visit reads them before (or without) any JavaScript.
 */
export async function renderPage(template: string, language: Language, page: StaticPage): Promise<string> {
  const catalog = catalogs[`${language}/public`];
  if (!catalog) throw new Error(`No public catalog for ${language}`);
  const i18n = i18next.createInstance();
  await i18n.init({
    lng: language,
    fallbackLng: false,
    ns: ['public'],
    defaultNS: 'public',
    keySeparator: false,
    nsSeparator: ':',
    interpolation: { escapeValue: false },
    resources: { [language]: { public: catalog.default } },
    react: { useSuspense: false },
  });
  const body = renderToString(
    <I18nextProvider i18n={i18n}>
      <StaticRouter location={page === 'landing' ? '/' : '/terms'}>
        {page === 'landing' ? <Landing prerendered /> : <Terms prerendered />}
        <StaticNotices />
      </StaticRouter>
    </I18nextProvider>,
  );
  const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');
  return template
    .replace(/<html lang="en" dir="ltr">/, `<html lang="${language}" dir="${isRtl(language) ? 'rtl' : 'ltr'}">`)
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(i18n.t('app.title'))}</title>`)
    .replace('<!--page-->', body);
}

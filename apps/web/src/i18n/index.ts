import i18next, { type BackendModule, type ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { rememberLanguage } from './language-cookie';
import { LANG_STORAGE_KEY, LANGUAGES, detectLanguage, isRtl, type Language } from './languages';
import { keyed } from './keyed';

/** One chunk per language and namespace, fetched when first needed. */
const catalogs = keyed(import.meta.glob<{ default: ResourceKey }>('@locales/*/*.json'));

const lazyCatalogs: BackendModule = {
  type: 'backend',
  init() {},
  read(language, namespace, callback) {
    const load = catalogs[`${language}/${namespace}`];
    if (!load) {
      callback(new Error(`No catalog ${language}/${namespace}`), false);
      return;
    }
    load().then(
      (module) => callback(null, module.default),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false),
    );
  },
};

function applyDocumentLanguage(language: string): void {
  const root = document.documentElement;
  root.lang = language;
  root.dir = isRtl(language) ? 'rtl' : 'ltr';
  document.title = i18next.t('public:app.title');
}

export function initI18n(): Promise<unknown> {
  i18next.on('languageChanged', applyDocumentLanguage);
  i18next.on('loaded', () => applyDocumentLanguage(i18next.language));
  return i18next
    .use(lazyCatalogs)
    .use(initReactI18next)
    .init({
      lng: detectLanguage(),
      supportedLngs: LANGUAGES,
      // Every catalog is complete (checked by a test), so no fallback download.
      fallbackLng: false,
      load: 'currentOnly',
      ns: ['public'],
      defaultNS: 'public',
      // Keys are flat and dotted ("signin.username"), not nested objects.
      keySeparator: false,
      nsSeparator: ':',
      interpolation: { escapeValue: false },
      react: { useSuspense: true },
    });
}

export function changeLanguage(language: Language): Promise<unknown> {
  try {
    localStorage.setItem(LANG_STORAGE_KEY, language);
  } catch {
    // Private mode: the choice lasts for this page only.
  }
  rememberLanguage(language);
  return i18next.changeLanguage(language);
}

export { i18next };

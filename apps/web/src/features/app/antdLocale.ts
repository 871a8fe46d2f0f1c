import type { Locale } from 'antd/es/locale';
import type { Language } from '../../i18n/languages';

/** Ant Design's own texts (pagination, pickers …), loaded only for the language in use. */
const loaders: Record<Exclude<Language, 'en'>, () => Promise<{ default: Locale }>> = {
  zh: () => import('antd/es/locale/zh_CN'),
  es: () => import('antd/es/locale/es_ES'),
  fr: () => import('antd/es/locale/fr_FR'),
  it: () => import('antd/es/locale/it_IT'),
  ar: () => import('antd/es/locale/ar_EG'),
};

export async function loadAntdLocale(language: Language): Promise<Locale | undefined> {
  if (language === 'en') return undefined;
  return (await loaders[language]()).default;
}

import type { Language } from './languages';

/** The server picks the language of the prerendered pages from this cookie. */
export const LANG_COOKIE = 'lang';

export function rememberLanguage(language: Language): void {
  document.cookie = `${LANG_COOKIE}=${language}; path=/; max-age=31536000; samesite=lax`;
}

export const LANGUAGES = ['en', 'zh', 'es', 'fr', 'it', 'ar'] as const;
export type Language = (typeof LANGUAGES)[number];

/**
 * Each language is listed under its own name (an endonym), so a reader who
 * does not understand the current language can still find theirs.
 */
export const LANGUAGE_NAMES: Record<Language, string> = {
  en: 'English',
  zh: '中文',
  es: 'Español',
  fr: 'Français',
  it: 'Italiano',
  ar: 'العربية',
};

export const LANG_STORAGE_KEY = 'lang';

export function isLanguage(value: string | null | undefined): value is Language {
  return !!value && (LANGUAGES as readonly string[]).includes(value);
}

export function isRtl(lang: string): boolean {
  return lang === 'ar';
}

function storedLanguage(): string | null {
  try {
    return localStorage.getItem(LANG_STORAGE_KEY);
  } catch {
    return null;
  }
}

/** Stored choice first, then the browser's preferred languages, then English. */
export function detectLanguage(): Language {
  const stored = storedLanguage();
  if (isLanguage(stored)) return stored;
  const preferred = typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language]);
  for (const tag of preferred) {
    const base = tag?.toLowerCase().split('-')[0];
    if (isLanguage(base)) return base;
  }
  return 'en';
}

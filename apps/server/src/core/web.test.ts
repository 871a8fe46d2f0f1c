import { describe, expect, it } from 'vitest';
import { pickLanguage } from './web.js';

describe('language of the prerendered pages', () => {
  it('takes ?lang first, then the cookie, then Accept-Language by weight, else English', () => {
    expect(pickLanguage({ lang: 'ar' }, 'lang=fr', 'es')).toEqual({ language: 'ar', fromQuery: true });
    expect(pickLanguage({}, 'a=1; lang=fr', 'es')).toEqual({ language: 'fr', fromQuery: false });
    expect(pickLanguage({}, undefined, 'de-DE, zh-CN;q=0.8, fr;q=0.9')).toEqual({ language: 'fr', fromQuery: false });
    expect(pickLanguage({}, undefined, 'it-IT')).toEqual({ language: 'it', fromQuery: false });
    expect(pickLanguage({}, undefined, undefined)).toEqual({ language: 'en', fromQuery: false });
  });

  it('ignores unknown or malformed values', () => {
    expect(pickLanguage({ lang: 'xx' }, 'lang=<script>', 'es;q=abc, de')).toEqual({ language: 'en', fromQuery: false });
    expect(pickLanguage({ lang: ['fr'] }, 'lang', '')).toEqual({ language: 'en', fromQuery: false });
  });
});

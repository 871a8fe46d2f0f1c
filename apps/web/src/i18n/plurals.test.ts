import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { keyed } from './keyed';

const files = keyed(import.meta.glob<Record<string, string>>('@locales/*/*.json', { eager: true, import: 'default' }));
const i18n = i18next.createInstance();

beforeAll(async () => {
  const resources: Record<string, Record<string, Record<string, string>>> = {};
  for (const [path, catalog] of Object.entries(files)) {
    const [lang, ns] = path.split('/');
    resources[lang!] = { ...resources[lang!], [ns!]: catalog };
  }
  await i18n.init({ lng: 'en', fallbackLng: false, interpolation: { escapeValue: false }, resources });
});

const say = (lng: string, key: string, count: number) => i18n.getFixedT(lng)(key, { count });

describe('counts agree with their noun', () => {
  it('in English: one sample, two samples', () => {
    expect(say('en', 'clinical:reception.acceptSelectedTitle', 1)).toBe('Accept 1 sample into the laboratory?');
    expect(say('en', 'clinical:reception.acceptSelectedTitle', 2)).toBe('Accept 2 samples into the laboratory?');
    expect(say('en', 'clinical:review.signatureText', 1)).toContain('approve 1 result.');
    expect(say('en', 'worksheets:createCount', 1)).toBe('Create the worksheet (1 sample)');
    expect(say('en', 'assets:bulk.submit', 1)).toBe('Check out 1 asset');
    expect(say('en', 'assets:settings.everyDays', 1)).toBe('Every day');
    expect(say('en', 'assets:settings.everyDays', 30)).toBe('Every 30 days');
    expect(say('en', 'consumables:item.months', 1)).toBe('1 month');
    expect(say('en', 'consumables:item.months', 7.5)).toBe('7.5 months');
  });

  it('in Arabic, in each of its six forms', () => {
    const forms = [0, 1, 2, 3, 11, 100].map((n) => say('ar', 'worksheets:createCount', n));
    expect(new Set(forms).size).toBe(6);
    for (const text of forms) expect(text).not.toMatch(/createCount|worksheets:/);
    expect(say('ar', 'worksheets:createCount', 3)).toContain('3 عينات');
    expect(say('ar', 'worksheets:createCount', 11)).toContain('11 عينة');
  });

  it('in French, Spanish, Italian and Chinese, whatever the number', () => {
    for (const lng of ['fr', 'es', 'it', 'zh'])
      for (const n of [1, 2, 1_000_000]) {
        const text = say(lng, 'clinical:reception.acceptSelectedTitle', n);
        expect(text, `${lng} ${n}`).toContain(n.toString());
        expect(text, `${lng} ${n}`).not.toMatch(/acceptSelectedTitle/);
      }
    expect(say('fr', 'clinical:reception.acceptSelectedTitle', 1)).toBe('Accepter 1 échantillon au laboratoire ?');
  });

  it('no catalogue writes a count before a plural noun without the forms to agree with it', () => {
    // "{{count}} samples" with no _one beside it reads "1 samples"
    const bare = /\{\{count\}\} (samples|results|assets|days|months|sample|result)\b/;
    for (const [path, catalog] of Object.entries(files))
      if (path.includes('/en/'))
        for (const [key, text] of Object.entries(catalog)) if (bare.test(text)) expect(key, `${path} ${key}: ${text}`).toMatch(/_(one|other)$/);
  });
});

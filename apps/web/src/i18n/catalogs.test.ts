import { NAV_GROUPS, NAV_PAGES, PROGRAMS } from '@nlims/contracts';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from './languages';
import { keyed } from './keyed';

type Catalog = Record<string, string>;

const files = keyed(import.meta.glob<Catalog>('@locales/*/*.json', { eager: true, import: 'default' }));

function catalog(language: string, namespace: string): Catalog {
  const found = files[`${language}/${namespace}`];
  if (!found) throw new Error(`missing ${language}/${namespace}.json`);
  return found;
}

const NAMESPACES = [
  'public',
  'app',
  'admin',
  'clinical',
  'clients',
  'tb',
  'tbAnalytics',
  'eid',
  'vl',
  'ph',
  'reports',
  'tierAnalytics',
  'analytics',
  'qc',
  'worksheets',
  'dispatch',
  'nonConformity',
  'files',
  'consumables',
  'assets',
  'billing',
  'verify',
  'dhis2',
  'interop',
  'instruments',
  'notifications',
  'messages',
  'offline',
  'help',
] as const;
const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}|<(\w+)>/g)].map((m) => m[1] ?? m[2]).sort();

/**
 * A count's key comes in the plural forms of each language (i18next's `_one`, `_other`; Arabic's six, French's
 * three …): a catalog's keys are compared as English's with each plural key spelled in the language's own forms.
 */
const PLURAL = /_(zero|one|two|few|many|other)$/;
/** The keys English gives as `_one` and `_other` (a key merely ending in `_other`, "field.specimen_other", is not one). */
const pluralBases = (english: Catalog) =>
  new Set(Object.keys(english).flatMap((k) => (k.endsWith('_other') && `${k.slice(0, -6)}_one` in english ? [k.slice(0, -6)] : [])));
function expectedKeys(english: Catalog, language: string): string[] {
  const forms = new Intl.PluralRules(language).resolvedOptions().pluralCategories;
  const bases = pluralBases(english);
  const plain = Object.keys(english).filter((k) => !(PLURAL.test(k) && bases.has(k.replace(PLURAL, ''))));
  return [...plain, ...[...bases].flatMap((b) => forms.map((f) => `${b}_${f}`))].sort();
}
/** The English text a key is checked against: its own, or for a plural form English lacks, English's `_other`. */
const englishOf = (english: Catalog, key: string) => english[key] ?? english[key.replace(PLURAL, '_other')]!;

describe('translation catalogs', () => {
  it('has a catalog for every language and namespace, and nothing else', () => {
    const expected = LANGUAGES.flatMap((language) => NAMESPACES.map((ns) => `${language}/${ns}`)).sort();
    expect(Object.keys(files).sort()).toEqual(expected);
  });

  for (const namespace of NAMESPACES) {
    const english = catalog('en', namespace);
    for (const language of LANGUAGES) {
      it(`${language}/${namespace} has exactly the English keys, none empty, same placeholders`, () => {
        const translated = catalog(language, namespace);
        expect(Object.keys(translated).sort()).toEqual(expectedKeys(english, language));
        for (const [key, text] of Object.entries(translated)) {
          expect(typeof text === 'string' && text.trim().length > 0, `${language}:${key} is empty`).toBe(true);
          expect(placeholders(text), `${language}:${key} placeholders`).toEqual(placeholders(englishOf(english, key)));
        }
      });
    }
  }

  it('names every page and sidebar group', () => {
    const app = catalog('en', 'app');
    const needed = [...NAV_PAGES.map((page) => `nav.${page.key}`), ...NAV_GROUPS.map((group) => `nav.group.${group}`)];
    expect(needed.filter((key) => !(key in app))).toEqual([]);
  });

  it('names every seeded programme', () => {
    const app = catalog('en', 'app');
    expect(PROGRAMS.map((name) => `program.${name}`).filter((key) => !(key in app))).toEqual([]);
  });
});

import { NAV_GROUPS, NAV_PAGES, PROGRAMS } from '@nlims/contracts';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from './languages';

type Catalog = Record<string, string>;

const files = import.meta.glob<Catalog>('./locales/*/*.json', { eager: true, import: 'default' });

function catalog(language: string, namespace: string): Catalog {
  const found = files[`./locales/${language}/${namespace}.json`];
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
  'offline',
] as const;
const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}|<(\w+)>/g)].map((m) => m[1] ?? m[2]).sort();

describe('translation catalogs', () => {
  it('has a catalog for every language and namespace, and nothing else', () => {
    const expected = LANGUAGES.flatMap((language) => NAMESPACES.map((ns) => `./locales/${language}/${ns}.json`)).sort();
    expect(Object.keys(files).sort()).toEqual(expected);
  });

  for (const namespace of NAMESPACES) {
    const english = catalog('en', namespace);
    for (const language of LANGUAGES) {
      it(`${language}/${namespace} has exactly the English keys, none empty, same placeholders`, () => {
        const translated = catalog(language, namespace);
        expect(Object.keys(translated).sort()).toEqual(Object.keys(english).sort());
        for (const [key, text] of Object.entries(translated)) {
          expect(typeof text === 'string' && text.trim().length > 0, `${language}:${key} is empty`).toBe(true);
          expect(placeholders(text), `${language}:${key} placeholders`).toEqual(placeholders(english[key]!));
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

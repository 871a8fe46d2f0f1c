import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/**
 * The one catalogue of the product's words: `locales/<language>/<namespace>.json`,
 * flat dotted keys. The web app bundles these files (an alias in its Vite
 * configuration); the server reads them here, so a label, a message template or a
 * request-form question is written once for both.
 */
const LOCALES = fileURLToPath(new URL('../locales/', import.meta.url));

/** The languages the catalogue holds (one folder each). */
export const CATALOGUE_LANGUAGES: readonly string[] = readdirSync(LOCALES).sort();

export type Catalogue = Readonly<Record<string, string>>;
const loaded = new Map<string, Catalogue>();

/** One language's namespace; empty when the file does not exist. Read once per process. */
export function catalogue(language: string, namespace: string): Catalogue {
  const key = `${language}/${namespace}`;
  let found = loaded.get(key);
  if (!found) {
    const file = `${LOCALES}${key}.json`;
    found = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>) : {};
    loaded.set(key, found);
  }
  return found;
}

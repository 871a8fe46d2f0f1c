/**
 * Nigeria's states as the map draws them and as the database names them.
 * The map (@svg-maps/nigeria) spells two differently — "Federal Capital
 * Territory" for FCT and "Nassarawa" for Nasarawa — so states are matched by
 * a key: the name in lower case, letters only, with the known variants
 * folded onto one spelling.
 */
const VARIANTS: Record<string, string> = {
  federalcapitalterritory: 'fct',
  abuja: 'fct',
  fctabuja: 'fct',
  nassarawa: 'nasarawa',
  kastina: 'katsina',
  plataeu: 'plateau',
};

/** The key a state is matched by, from any of its spellings ("Akwa Ibom", "akwa-ibom", "Lagos State", "Nassarawa"). */
export function stateKey(name: string): string {
  const letters = name
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z]/g, '')
    .replace(/state$/, '');
  return VARIANTS[letters] ?? letters;
}

/** The map's spellings that the database writes otherwise, as the database writes them. */
const DATABASE_NAMES: Record<string, string> = { 'Federal Capital Territory': 'FCT', Nassarawa: 'Nasarawa' };

/** A map state's name as the rest of the app writes it. */
export const databaseName = (mapName: string): string => DATABASE_NAMES[mapName] ?? mapName;

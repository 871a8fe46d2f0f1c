import { all } from 'nigerian-states-and-lgas';

/** The two-letter codes Nigeria uses for its states and the FCT. */
const STATE_CODES: Record<string, string> = {
  Abia: 'AB',
  Adamawa: 'AD',
  'Akwa Ibom': 'AK',
  Anambra: 'AN',
  Bauchi: 'BA',
  Bayelsa: 'BY',
  Benue: 'BE',
  Borno: 'BO',
  'Cross River': 'CR',
  Delta: 'DE',
  Ebonyi: 'EB',
  Edo: 'ED',
  Ekiti: 'EK',
  Enugu: 'EN',
  Gombe: 'GO',
  Imo: 'IM',
  Jigawa: 'JI',
  Kaduna: 'KD',
  Kano: 'KN',
  Katsina: 'KT',
  Kebbi: 'KE',
  Kogi: 'KO',
  Kwara: 'KW',
  Lagos: 'LA',
  Nasarawa: 'NA',
  Niger: 'NI',
  Ogun: 'OG',
  Ondo: 'ON',
  Osun: 'OS',
  Oyo: 'OY',
  Plateau: 'PL',
  Rivers: 'RI',
  Sokoto: 'SO',
  Taraba: 'TA',
  Yobe: 'YO',
  Zamfara: 'ZA',
  FCT: 'FC',
};

/** The package's spellings that differ from the official names. */
const RENAMED: Record<string, string> = { Kastina: 'Katsina', 'Federal Capital Territory': 'FCT' };

export interface StateSeed {
  name: string;
  code: string;
  lgas: string[];
}

/** 36 states and the FCT with their 774 LGAs. */
export function nigeriaStates(): StateSeed[] {
  return all().map(({ state, lgas }) => {
    const name = RENAMED[state] ?? state;
    const code = STATE_CODES[name];
    if (!code) throw new Error(`No code for state ${name}`);
    return { name, code, lgas: [...new Set(lgas)] };
  });
}

/** The fifteen programmes, by display name, in the order the product lists them. */
export const PROGRAMS = [
  'General',
  'Tuberculosis',
  'Monkey Pox',
  'CSM',
  'Lassa Fever',
  'Cholera',
  'Measles and Rubella',
  'Anthrax',
  'Yellow fever',
  'COVID-19',
  'Influenza',
  'Diphtheria',
  'Public',
  'EID',
  'Viral Load',
] as const;
export type ProgramName = (typeof PROGRAMS)[number];

/**
 * Which family of pages serves a programme: General is the clinical lab-order
 * programme, TB, EID and Viral Load have their own pages, every other
 * programme uses the public-health (ph-*) pages.
 */
export type ProgramKind = 'general' | 'tb' | 'eid' | 'vl' | 'ph';

export function programKind(program: string): ProgramKind {
  switch (program) {
    case 'General':
      return 'general';
    case 'Tuberculosis':
      return 'tb';
    case 'EID':
      return 'eid';
    case 'Viral Load':
      return 'vl';
    default:
      return 'ph';
  }
}

export function isProgramName(value: string): value is ProgramName {
  return (PROGRAMS as readonly string[]).includes(value);
}

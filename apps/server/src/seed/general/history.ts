import { sql, type SQL } from 'drizzle-orm';
import { draw, type FamilyHistory, int, pick } from '../history-kit.js';

/** General's coded disease tests in the generated history (its numeric tests are drawn from the catalogue's ranges). */
export const GENERAL_HISTORY: FamilyHistory = {
  programmes: [],
  values: {
    // General: malaria RDT (~30 % positive among febrile patients), microscopy, the HIV serial rapid test (~4 % reactive).
    'MAL-RDT': [
      ['POSITIVE', 300],
      ['NEGATIVE', 690],
      ['INVALID', 10],
    ],
    'MP-MICRO': [
      ['NO MALARIA PARASITES SEEN', 750],
      ['P. FALCIPARUM SEEN', 220],
      ['P. MALARIAE SEEN', 10],
      ['P. OVALE SEEN', 8],
      ['P. VIVAX SEEN', 2],
      ['MIXED SPECIES SEEN', 10],
    ],
    'HIV-RT1': [
      ['REACTIVE', 40],
      ['NON-REACTIVE', 955],
      ['INVALID', 5],
    ],
    // Test 2 follows a reactive test 1: mostly confirms it.
    'HIV-RT2': [
      ['REACTIVE', 920],
      ['NON-REACTIVE', 80],
    ],
  },
};

/**
 * General's disease tests on a generated sample `s` (its position `sn`). Malaria on whole-blood samples: the RDT alone
 * (20 %), with microscopy (10 %), microscopy alone (8 %); slides read beside an RDT agree with it (a positive RDT's
 * slide shows the species drawn for a positive slide, a negative's none). The HIV serial rapid test on a share of
 * orders' first sample: test 1, and test 2 only when test 1 is reactive.
 */
export function generalCodedTests(o: { sn: SQL; wholeBlood: SQL; hivShare: number; drawnValue: (code: string, n: SQL) => SQL }) {
  const { sn, wholeBlood, drawnValue } = o;
  const malaria = draw(sn, 11, 100);
  const rt1 = drawnValue('HIV-RT1', sn);
  const onHiv = sql`(s.seq = 1 and ${draw(sn, 12, 1000)} < ${int(o.hivShare * 1000)})`;
  const tests: { code: string; applies: SQL }[] = [
    { code: 'MAL-RDT', applies: sql`(s.sample_type_id = ${wholeBlood} and ${malaria} < 30)` },
    { code: 'MP-MICRO', applies: sql`(s.sample_type_id = ${wholeBlood} and ${malaria} between 20 and 37)` },
    { code: 'HIV-RT1', applies: onHiv },
    { code: 'HIV-RT2', applies: sql`(${onHiv} and ${rt1} = 'REACTIVE')` },
  ];
  const positiveSlides = GENERAL_HISTORY.values['MP-MICRO']!.filter(([value]) => value !== 'NO MALARIA PARASITES SEEN');
  const positiveTotal = positiveSlides.reduce((t, [, w]) => t + w, 0);
  const slideSpecies = pick(draw(sn, 13, positiveTotal), positiveSlides, positiveTotal);
  /** A test's value where it is not drawn on its own (a slide read beside an RDT); undefined otherwise. */
  const linkedValue = (code: string): SQL | undefined =>
    code === 'MP-MICRO'
      ? sql`(case when ${malaria} < 30 then (case when ${drawnValue('MAL-RDT', sn)} = 'POSITIVE' then ${slideSpecies} else 'NO MALARIA PARASITES SEEN' end)
                 else ${drawnValue(code, sn)} end)`
      : undefined;
  return { tests, linkedValue };
}

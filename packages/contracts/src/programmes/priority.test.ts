import { describe, expect, it } from 'vitest';
import { dhis2Indicators, dhis2Notifiable, dhis2Programmes } from '../interop/dhis2.js';
import { tierQuery } from '../tier-analytics.js';
import { DISEASE_TESTS, PRIORITY_DISEASE_PROGRAMME, PRIORITY_DISEASES, TIER_DISEASES } from './priority.js';

describe('the lists the programmes’ definitions make', () => {
  it('orders the priority diseases and the tier dashboards as the officials’ pages list them', () => {
    expect(PRIORITY_DISEASES).toEqual([
      'lassa',
      'covid',
      'cholera',
      'csm',
      'measles',
      'yellow_fever',
      'mpox',
      'diphtheria',
      'anthrax',
      'influenza',
      'tb',
      'hiv',
      'malaria',
    ]);
    expect(TIER_DISEASES).toEqual(['malaria', 'hiv', 'tb', 'covid', 'lassa']);
    expect(PRIORITY_DISEASE_PROGRAMME.measles).toBe('Measles and Rubella');
  });

  it('counts a programme’s declared positives unless the definition names the tests', () => {
    // Rubella shares the programme, not the disease.
    expect(DISEASE_TESTS.measles).toEqual({ tested: ['MEASLES-IGM'], positive: { 'MEASLES-IGM': expect.any(Array) } });
    expect(DISEASE_TESTS.hiv).toEqual({ tested: ['EID-DNA-PCR', 'HIV-RT1'], positive: { 'EID-DNA-PCR': ['DETECTED'], 'HIV-RT2': ['REACTIVE'] } });
    expect(DISEASE_TESTS.lassa!.tested.length).toBeGreaterThan(0);
  });

  it('reports every programme to DHIS2 in its order, and the notifiable diseases’ cases', () => {
    expect(dhis2Programmes().map((p) => p.code)).toEqual(['GEN', 'TB', 'EID', 'VL', 'LAS', 'COV', 'CHO', 'CSM', 'MR', 'YF', 'MPX', 'DIP', 'ANT', 'FLU', 'PH']);
    expect(dhis2Notifiable()).toEqual(['lassa', 'covid', 'cholera', 'csm', 'measles', 'yellow_fever', 'mpox', 'diphtheria', 'anthrax', 'influenza']);
    const keys = dhis2Indicators().map((i) => i.key);
    expect(keys).toContain('tests_vl');
    expect(keys).not.toContain('positives_vl');
    expect(keys.at(-1)).toBe('notifiable_influenza');
  });

  it('names the diseases in the query’s error', () => {
    const bad = tierQuery.safeParse({ disease: 'nope' });
    expect(bad.error?.issues[0]?.message).toBe(`Choose one of: ${PRIORITY_DISEASES.join(', ')}.`);
  });
});

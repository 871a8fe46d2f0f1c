import { describe, expect, it } from 'vitest';
import { ageInWeeks, DBS_REJECTION_REASONS, EID_FLAG, EID_HEADLINE, eidAgeBand, rejectionReasonsFor } from './eid.js';
import { requestFormOf, requestFormSpecOf } from '../registry.js';
import { requestLinesOf, rulesOf } from '../registry.js';

const schema = requestFormOf('EID');
const errors = (input: unknown) => {
  const r = schema.safeParse(input);
  return r.success ? {} : Object.fromEntries(r.error.issues.map((i) => [String(i.path[0]), i.message]));
};
const FORM = {
  exposed_infant_number: 'HEI-LA-0042',
  entry_point: 'pmtct',
  pcr_sequence: 'first',
  reason: 'routine',
  infant_prophylaxis: 'nvp',
  feeding: 'exclusive_breastfeeding',
  mother_name: 'Amina Bello',
  mother_hiv_status: 'positive',
  mother_on_art: 'yes',
  mother_regimen: 'TDF/3TC/DTG',
  mother_last_vl: 40,
};

describe('the EID request form', () => {
  it('is declared and registered under EID', () => {
    expect(requestFormSpecOf('EID')?.namespace).toBe('eid');
    expect(schema.parse(FORM)).toMatchObject({ ...FORM, breastfeeding_stopped_on: null, entry_point_other: null });
  });

  it('requires the entry point, PCR, reason, prophylaxis, feeding and the mother’s status', () => {
    expect(errors({})).toEqual({
      entry_point: 'This field is required.',
      pcr_sequence: 'This field is required.',
      reason: 'This field is required.',
      infant_prophylaxis: 'This field is required.',
      feeding: 'This field is required.',
      mother_hiv_status: 'This field is required.',
    });
  });

  it('asks the stop date only when breastfeeding stopped, and the regimen only when the mother is on ART', () => {
    expect(errors({ ...FORM, feeding: 'stopped' })).toEqual({ breastfeeding_stopped_on: 'This field is required.' });
    expect(errors({ ...FORM, feeding: 'stopped', breastfeeding_stopped_on: '2026-01-10' })).toEqual({});
    expect(errors({ ...FORM, breastfeeding_stopped_on: '2026-01-10' })).toEqual({
      breastfeeding_stopped_on: 'Answer this only when "Feeding" is Breastfeeding stopped.',
    });
    expect(errors({ ...FORM, mother_on_art: 'no' })).toEqual({ mother_regimen: 'Answer this only when "Mother on ART" is Yes.' });
    const negative = { ...FORM, mother_hiv_status: 'negative', mother_on_art: undefined, mother_regimen: undefined, mother_last_vl: undefined };
    expect(errors(negative)).toEqual({});
    expect(errors({ ...FORM, prophylaxis: 'nvp' })).not.toEqual({});
    expect(errors({ ...FORM, infant_prophylaxis: 'cotrimoxazole' })).toEqual({ infant_prophylaxis: '"cotrimoxazole" is not a valid choice.' });
  });

  it('prints its answered fields on the report', () => {
    expect(requestLinesOf('EID', schema.parse(FORM))).toEqual(
      expect.arrayContaining([
        ['Exposed-infant number', 'HEI-LA-0042'],
        ['PCR', '1st PCR (at 6 weeks)'],
        ['Infant ARV prophylaxis', 'NVP'],
        ["Mother's last viral load", '40 copies/mL'],
      ]),
    );
    expect(requestLinesOf('EID', schema.parse(FORM), { dateOfBirth: '2026-01-01', collectedAt: '2026-02-12' })[0]).toEqual(['Age at collection', '6 weeks']);
  });
});

describe('the EID rules', () => {
  const rules = rulesOf('EID');
  it('flags a detected PCR and heads the report with it', () => {
    expect(rules.flag?.('EID-DNA-PCR', 'DETECTED', [])).toBe(EID_FLAG);
    expect(rules.flag?.('EID-DNA-PCR', 'NOT DETECTED', [])).toBeNull();
    expect(rules.flag?.('TB-LAMP', 'DETECTED', [])).toBeNull();
    expect(rules.headline?.([EID_FLAG])).toBe(EID_HEADLINE);
    expect(rules.headline?.([])).toBeNull();
    expect(rules.identifierFields).toEqual({ exposed_infant_number: 'HIV-exposed infant number' });
  });

  it('asks for the confirmatory PCR after a detected one, a repeat after no result, nothing after a confirmed one', () => {
    const form = schema.parse(FORM);
    const next = rules.followOn?.([{ code: 'EID-DNA-PCR', value: 'DETECTED' }], form);
    expect(next).toEqual({ codes: ['EID-DNA-PCR'], form: { ...form, pcr_sequence: 'confirmatory', reason: 'confirm_positive' } });
    // The new request's form is itself a valid EID form.
    expect(errors(next!.form)).toEqual({});
    expect(rules.followOn?.([{ code: 'EID-DNA-PCR', value: 'DETECTED' }], { ...form, pcr_sequence: 'confirmatory' })).toBeNull();
    expect(rules.followOn?.([{ code: 'EID-DNA-PCR', value: 'NOT DETECTED' }], form)).toBeNull();
    expect(rules.followOn?.([{ code: 'EID-DNA-PCR', value: 'FAILED' }], form)).toEqual({ codes: ['EID-DNA-PCR'], form: { ...form, reason: 'repeat' } });
    expect(rules.followOn?.([], form)).toBeNull();
  });
});

describe('age of an infant', () => {
  it('counts completed weeks to the collection day', () => {
    expect(ageInWeeks('2026-01-01', '2026-02-12')).toBe(6);
    expect(ageInWeeks('2026-01-01', '2026-02-11')).toBe(5);
    expect(ageInWeeks(null, '2026-02-11')).toBeNull();
    expect(ageInWeeks('2026-03-01', '2026-02-11')).toBeNull();
    // An instant counts by its day in Lagos: 23:30 UTC on the 11th is the 12th there.
    expect(ageInWeeks('2026-01-01', new Date('2026-02-11T23:30:00Z'))).toBe(6);
  });

  it('puts an infant in the dashboard’s age band', () => {
    expect(eidAgeBand('2026-01-31', '2026-03-31')).toBe('le_2m');
    expect(eidAgeBand('2026-01-31', '2026-04-01')).toBe('2_12m');
    expect(eidAgeBand('2025-03-01', '2026-03-01')).toBe('2_12m');
    expect(eidAgeBand('2025-03-01', '2026-03-02')).toBe('gt_12m');
    expect(eidAgeBand(null, '2026-03-02')).toBe('unknown');
  });
});

describe('DBS rejection reasons', () => {
  const reasons = [{ code: 'HAEM' }, ...DBS_REJECTION_REASONS.map(([, code]) => ({ code })), { code: 'SALIVA' }];
  it('are offered first for an EID or a DBS sample, and not for other samples', () => {
    const eid = rejectionReasonsFor(reasons, { program: 'EID' }).map((r) => r.code);
    expect(eid.slice(0, DBS_REJECTION_REASONS.length)).toEqual(DBS_REJECTION_REASONS.map(([, c]) => c));
    expect(eid).toContain('HAEM');
    expect(rejectionReasonsFor(reasons, { program: 'Viral Load', sampleTypeCode: 'DBS' })[0]!.code).toBe('DBS-INSUFFICIENT');
    expect(rejectionReasonsFor(reasons, { program: 'Tuberculosis', sampleTypeCode: 'SPU' }).map((r) => r.code)).toEqual(['HAEM', 'SALIVA']);
    expect(rejectionReasonsFor(reasons, { program: 'EID', sampleTypeCode: 'CAP' }).map((r) => r.code)).toEqual(['HAEM', 'SALIVA']);
  });
});

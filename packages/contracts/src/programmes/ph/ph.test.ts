import { describe, expect, it } from 'vitest';
import '../../zod-messages.js';
import { requestFormOf, requestFormSpecOf } from '../registry.js';
import { PH_DISEASES, PH_NOTIFY_FLAGS, phFlag, phHeadline, phMemberNotApplicable, phPositive, phRetestReason } from './ph.js';
import { requestLinesOf, rulesOf } from '../registry.js';
import { programsOfForm } from '../registry.js';

const lassa = {
  epid_number: 'NIE-LAS-IKJ-26-001',
  date_of_onset: '2026-01-03',
  symptoms: ['fever', 'bleeding'],
  travelled: 'yes',
  travel_place: 'Irrua, Edo',
  contact_with_case: 'no',
  hospitalised: 'no',
  outcome: 'alive',
  specimen: 'whole_blood',
};
const errors = (program: string, input: unknown) => {
  const r = requestFormOf(program).safeParse(input);
  return r.success ? {} : Object.fromEntries(r.error.issues.map((i) => [i.path.join('.'), i.message]));
};

describe('public-health case-investigation forms', () => {
  it('declares one form for each of the eleven programmes of public_health_sample/', () => {
    expect(PH_DISEASES.map((d) => d.program).sort()).toEqual(programsOfForm('public_health_sample').sort());
    for (const name of programsOfForm('public_health_sample')) expect(requestFormSpecOf(name)?.namespace).toBe('ph');
  });

  it('accepts a Lassa case and fills the unanswered fields', () => {
    expect(requestFormOf('Lassa Fever').parse(lassa)).toEqual({ ...lassa, admission_date: null });
  });

  it('asks for onset, exposure, hospitalisation, outcome and specimen; checks the EPID number', () => {
    expect(errors('Lassa Fever', {})).toMatchObject({
      date_of_onset: 'This field is required.',
      travelled: 'This field is required.',
      contact_with_case: 'This field is required.',
      hospitalised: 'This field is required.',
      outcome: 'This field is required.',
      specimen: 'This field is required.',
    });
    expect(errors('Lassa Fever', { ...lassa, epid_number: 'LAS-001' })).toEqual({ epid_number: 'Enter it as NIE-LAS-IKJ-26-001.' });
    expect(errors('Lassa Fever', { ...lassa, travel_place: undefined })).toEqual({ travel_place: 'This field is required.' });
    expect(errors('Lassa Fever', { ...lassa, travelled: 'no' })).toHaveProperty('travel_place');
    expect(errors('Lassa Fever', { ...lassa, symptoms: ['cough', 'rash'] })).toHaveProperty('symptoms.1');
  });

  it('takes each disease its own specimens and symptoms', () => {
    expect(errors('Lassa Fever', { ...lassa, specimen: 'np_swab' })).toHaveProperty('specimen');
    expect(errors('Cholera', { ...lassa, symptoms: ['watery_diarrhoea'], specimen: 'rectal_swab' })).toEqual({});
    expect(errors('CSM', { ...lassa, symptoms: ['neck_stiffness'], specimen: 'csf', vaccinated: 'no' })).toEqual({});
    expect(errors('Monkey Pox', { ...lassa, symptoms: ['vesicular_rash'], specimen: 'crust' })).toEqual({});
  });

  it('asks about vaccination only where a vaccine exists, with doses and last date when vaccinated', () => {
    const withVaccine = PH_DISEASES.filter((d) => d.vaccine).map((d) => d.program);
    expect(withVaccine.sort()).toEqual(['COVID-19', 'CSM', 'Diphtheria', 'Measles and Rubella', 'Yellow fever']);
    expect(errors('Lassa Fever', { ...lassa, vaccinated: 'yes' })).toEqual({ '': 'Unknown field(s): vaccinated.' });
    const covid = { ...lassa, specimen: 'np_swab', symptoms: ['cough'] };
    expect(errors('COVID-19', covid)).toEqual({ vaccinated: 'This field is required.' });
    expect(errors('COVID-19', { ...covid, vaccinated: 'no', vaccine_doses: 2 })).toHaveProperty('vaccine_doses');
    expect(requestFormOf('COVID-19').parse({ ...covid, vaccinated: 'yes', vaccine_doses: 3, last_dose_date: '2025-10-01' })).toMatchObject({
      vaccine_doses: 3,
    });
  });

  it('prints the answered fields on the report and keeps the EPID number as an identifier', () => {
    expect(requestLinesOf('Lassa Fever', lassa)).toContainEqual(['EPID number', 'NIE-LAS-IKJ-26-001']);
    expect(requestLinesOf('Lassa Fever', lassa)).toContainEqual(['Symptoms', 'Fever (≥ 38 °C), Unexplained bleeding (gums, nose, vagina, injection sites)']);
    expect(rulesOf('COVID-19').identifierFields).toEqual({ epid_number: 'EPID number' });
  });
});

describe('public-health results', () => {
  it('flags a positive of a notifiable disease with its name, and nothing else', () => {
    expect(phFlag('LASSA-PCR-RESULT', 'DETECTED')).toBe('LASSA FEVER POSITIVE');
    expect(rulesOf('Lassa Fever').flag?.('LASSA-PCR-RESULT', 'DETECTED', [])).toBe('LASSA FEVER POSITIVE');
    expect(phFlag('LASSA-PCR-RESULT', 'NOT DETECTED')).toBeNull();
    expect(phFlag('LASSA-PCR-RESULT', 'INCONCLUSIVE')).toBeNull();
    expect(phFlag('COVID-AG', 'POSITIVE')).toBe('COVID-19 POSITIVE');
    expect(phFlag('CHOLERA-SEROTYPE', 'O1 OGAWA')).toBe('CHOLERA POSITIVE');
    expect(phFlag('CSM-NM-SEROGROUP', 'SEROGROUP W')).toBe('CSM POSITIVE');
    expect(phFlag('MEASLES-IGM', 'EQUIVOCAL')).toBeNull();
    // Hepatitis B screening is positive but not notified here.
    expect(phPositive('PUB-HBSAG', 'REACTIVE')).toBe(true);
    expect(phFlag('PUB-HBSAG', 'REACTIVE')).toBeNull();
    expect(PH_NOTIFY_FLAGS).toHaveLength(10);
  });

  it('closes the Ct members once the run is NOT DETECTED or INVALID, not while it waits or is positive', () => {
    expect(phMemberNotApplicable('LASSA-PCR-GPC-CT', [{ code: 'LASSA-PCR-RESULT', value: 'NOT DETECTED' }])).toBe(true);
    expect(phMemberNotApplicable('COVID-PCR-N-CT', [{ code: 'COVID-PCR-RESULT', value: 'INVALID' }])).toBe(true);
    expect(phMemberNotApplicable('LASSA-PCR-GPC-CT', [{ code: 'LASSA-PCR-RESULT', value: 'DETECTED' }])).toBe(false);
    expect(phMemberNotApplicable('LASSA-PCR-GPC-CT', [])).toBe(false);
    expect(phMemberNotApplicable('LASSA-PCR-RESULT', [{ code: 'LASSA-PCR-RESULT', value: 'NOT DETECTED' }])).toBe(false);
  });

  it('asks for a new run after an inconclusive or invalid PCR; prints the notifiable banner', () => {
    expect(phRetestReason('LASSA-PCR-RESULT', 'INCONCLUSIVE')).toBe('inconclusive');
    expect(phRetestReason('FLU-PCR', 'INVALID')).toBe('invalid');
    expect(phRetestReason('LASSA-PCR-RESULT', 'DETECTED')).toBeNull();
    expect(phHeadline(['LASSA FEVER POSITIVE'])).toMatch(/^LASSA FEVER POSITIVE: NOTIFIABLE DISEASE/);
    expect(phHeadline(['H'])).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import '../../zod-messages.js';
import { resultChoices } from '../catalogue.js';
import { requestFormOf, requestFormSpecOf } from '../registry.js';
import {
  TB_FORM_SPEC,
  anyMtbDetected,
  followOnTests,
  impliedValue,
  interpretationFlag,
  memberApplies,
  memberNotApplicable,
  mtbDetected,
  panelIssues,
  retestReason,
  sampleFlag,
  TB_CODES,
  TB_FORM_CHOICES,
  TB_RESULT_VOCABULARIES,
  tbRequestForm,
  tbResultCodes,
  tbResultLabel,
} from './tb.js';

const C = TB_CODES;
const errors = (input: unknown) => {
  const r = tbRequestForm.safeParse(input);
  return r.success ? {} : Object.fromEntries(r.error.issues.map((i) => [i.path.join('.'), i.message]));
};
const form = {
  patient_category: 'new',
  reason_for_examination: 'diagnosis',
  hiv_status: 'negative',
  test_status: 'initial',
  specimen: 'sputum_spot',
};

describe('TB request form', () => {
  it('accepts a diagnosis request and fills the defaults', () => {
    expect(tbRequestForm.parse(form)).toEqual({
      ...form,
      treatment_month: null,
      presumptive_drtb: false,
      lga_tb_number: '',
      drtb_register_number: '',
      specimen_other: '',
      visual_appearance: null,
    });
  });

  it('answers in the API wording', () => {
    expect(errors({})).toMatchObject({
      patient_category: 'This field is required.',
      reason_for_examination: 'This field is required.',
      hiv_status: 'This field is required.',
      test_status: 'This field is required.',
      specimen: 'This field is required.',
    });
    expect(errors({ ...form, hiv_status: 'maybe' })).toEqual({ hiv_status: '"maybe" is not a valid choice.' });
    expect(errors({ ...form, colour: 'red' })).toEqual({ '': 'Unknown field(s): colour.' });
    expect(errors({ ...form, visual_appearance: 'cloudy' })).toEqual({ visual_appearance: '"cloudy" is not a valid choice.' });
  });

  it('asks for the treatment month of a follow-up examination, and only then', () => {
    expect(errors({ ...form, reason_for_examination: 'follow_up' })).toEqual({ treatment_month: 'This field is required for a follow-up examination.' });
    expect(tbRequestForm.parse({ ...form, reason_for_examination: 'follow_up', treatment_month: 5 }).treatment_month).toBe(5);
    expect(tbRequestForm.parse({ ...form, reason_for_examination: 'follow_up', treatment_month: 0 }).treatment_month).toBe(0);
    expect(errors({ ...form, reason_for_examination: 'follow_up', treatment_month: 37 })).toEqual({
      treatment_month: 'Ensure this value is less than or equal to 36.',
    });
    expect(errors({ ...form, reason_for_examination: 'follow_up', treatment_month: 2.5 })).toEqual({ treatment_month: 'A valid integer is required.' });
    expect(errors({ ...form, treatment_month: 2 })).toHaveProperty('treatment_month');
  });

  it('asks to name an "other" specimen, and only then', () => {
    expect(errors({ ...form, specimen: 'other' })).toEqual({ specimen_other: 'Name the specimen.' });
    expect(errors({ ...form, specimen: 'other', specimen_other: '   ' })).toEqual({ specimen_other: 'Name the specimen.' });
    expect(tbRequestForm.parse({ ...form, specimen: 'other', specimen_other: ' Pleural fluid ' }).specimen_other).toBe('Pleural fluid');
    expect(errors({ ...form, specimen_other: 'Pus' })).toHaveProperty('specimen_other');
  });

  it('takes the identifiers, DR-TB presumption and appearance', () => {
    const parsed = tbRequestForm.parse({
      ...form,
      presumptive_drtb: true,
      lga_tb_number: ' LA/LMD/2025/014 ',
      drtb_register_number: 'DR-88',
      visual_appearance: 'blood_stained',
    });
    expect(parsed).toMatchObject({
      presumptive_drtb: true,
      lga_tb_number: 'LA/LMD/2025/014',
      drtb_register_number: 'DR-88',
      visual_appearance: 'blood_stained',
    });
    expect(errors({ ...form, presumptive_drtb: 'yes' })).toHaveProperty('presumptive_drtb');
  });

  it('lists SPEC test statuses and every choice with a label', () => {
    expect(TB_FORM_CHOICES.test_status.map((c) => c.label)).toEqual(['Initial', 'Follow-Up', 'Repeat']);
    for (const choices of Object.values(TB_FORM_CHOICES)) for (const c of choices) expect(c.label.length, c.value).toBeGreaterThan(0);
  });
});

describe('request forms by programme', () => {
  it('validates a TB order with the TB form and refuses any field on a programme without a form', () => {
    expect(requestFormSpecOf('Tuberculosis')).toBe(TB_FORM_SPEC);
    expect(requestFormOf('General').safeParse({}).success).toBe(true);
    expect(requestFormOf('General').safeParse({ specimen: 'csf' }).success).toBe(false);
  });
});

describe('TB result vocabularies', () => {
  it('read as the instruments and registers print them', () => {
    expect(tbResultCodes(C.ZN_GRADE)).toEqual(['NEGATIVE', 'SCANTY', '1+', '2+', '3+']);
    expect(tbResultCodes(C.XPERT_MTB)).toEqual([
      'MTB DETECTED HIGH',
      'MTB DETECTED MEDIUM',
      'MTB DETECTED LOW',
      'MTB DETECTED VERY LOW',
      'MTB NOT DETECTED',
      'INVALID',
      'ERROR',
      'NO RESULT',
    ]);
    expect(tbResultCodes(C.ULTRA_MTB)).toContain('MTB DETECTED TRACE');
    expect(tbResultCodes(C.XPERT_MTB)).not.toContain('MTB DETECTED TRACE');
    expect(tbResultCodes(C.ULTRA_RIF)).toEqual(['RIF RESISTANCE DETECTED', 'RIF RESISTANCE NOT DETECTED', 'RIF RESISTANCE INDETERMINATE']);
    expect(tbResultCodes(C.CULTURE_RESULT)).toEqual(['MTB COMPLEX ISOLATED', 'NEGATIVE', 'CONTAMINATED', 'NTM ISOLATED']);
    for (const code of [C.DST1_RIF, C.DST1_INH, C.DST1_EMB, C.DST1_PZA]) expect(tbResultCodes(code)).toEqual(['S', 'R']);
    expect(tbResultCodes(C.ZN)).toEqual([]);
  });

  it('label every value once per test', () => {
    for (const [code, vocabulary] of Object.entries(TB_RESULT_VOCABULARIES)) {
      expect(new Set(vocabulary.map((c) => c.value)).size, code).toBe(vocabulary.length);
      for (const c of vocabulary) expect(c.label, `${code} ${c.value}`).not.toBe('');
    }
    expect(tbResultLabel(C.DST1_RIF, 'R')).toBe('Resistant');
    expect(tbResultLabel(C.DST1_RIF, 'RESISTANT')).toBe('RESISTANT');
  });

  it('are the catalogue’s own: result entry reads each test’s labels there, whatever its family', () => {
    expect(resultChoices(C.DST1_RIF, ['R', 'S'])).toEqual([
      { value: 'R', label: 'Resistant' },
      { value: 'S', label: tbResultLabel(C.DST1_RIF, 'S') },
    ]);
    // a test without a vocabulary: its codes as they are
    expect(resultChoices('LASSA-PCR', ['DETECTED'])).toEqual([{ value: 'DETECTED', label: 'DETECTED' }]);
    expect(resultChoices(undefined, ['X'])).toEqual([{ value: 'X', label: 'X' }]);
  });
});

describe('TB interpretation', () => {
  it('flags rifampicin resistance as RR-TB', () => {
    expect(interpretationFlag(C.XPERT_RIF, 'RIF RESISTANCE DETECTED')).toBe('RR-TB');
    expect(interpretationFlag(C.ULTRA_RIF, 'RIF RESISTANCE DETECTED')).toBe('RR-TB');
    expect(interpretationFlag(C.LPA1_RIF, 'RESISTANT')).toBe('RR-TB');
    expect(interpretationFlag(C.DST1_RIF, 'R')).toBe('RR-TB');
    expect(interpretationFlag(C.XPERT_RIF, 'RIF RESISTANCE NOT DETECTED')).toBeNull();
    expect(interpretationFlag(C.XPERT_RIF, 'RIF RESISTANCE INDETERMINATE')).toBeNull();
    expect(interpretationFlag(C.DST1_RIF, 'S')).toBeNull();
    expect(interpretationFlag(C.XPERT_MTB, 'MTB DETECTED HIGH')).toBeNull();
    expect(interpretationFlag(C.DST1_EMB, 'R')).toBeNull();
  });

  it('flags rifampicin and isoniazid resistance on one assay as MDR-TB', () => {
    const lpa = [
      { code: C.LPA1_MTBC, value: 'MTBC DETECTED' },
      { code: C.LPA1_RIF, value: 'RESISTANT' },
      { code: C.LPA1_INH_KATG, value: 'RESISTANT' },
      { code: C.LPA1_INH_INHA, value: 'SUSCEPTIBLE' },
    ];
    expect(interpretationFlag(C.LPA1_RIF, 'RESISTANT', lpa)).toBe('MDR-TB');
    expect(interpretationFlag(C.LPA1_INH_KATG, 'RESISTANT', lpa)).toBe('MDR-TB');
    expect(interpretationFlag(C.LPA1_INH_INHA, 'SUSCEPTIBLE', lpa)).toBeNull();
    expect(sampleFlag(lpa)).toBe('MDR-TB');
    // inhA alone also makes it MDR
    const inhA = lpa.map((r) => (r.code === C.LPA1_INH_KATG ? { ...r, value: 'SUSCEPTIBLE' } : r.code === C.LPA1_INH_INHA ? { ...r, value: 'RESISTANT' } : r));
    expect(sampleFlag(inhA)).toBe('MDR-TB');
    // isoniazid resistance without rifampicin resistance: no flag
    expect(interpretationFlag(C.LPA1_INH_KATG, 'RESISTANT', [{ code: C.LPA1_RIF, value: 'SUSCEPTIBLE' }])).toBeNull();
    expect(
      sampleFlag([
        { code: C.DST1_RIF, value: 'R' },
        { code: C.DST1_INH, value: 'R' },
      ]),
    ).toBe('MDR-TB');
    expect(
      sampleFlag([
        { code: C.XPERT_RIF, value: 'RIF RESISTANCE DETECTED' },
        { code: C.DST1_INH, value: 'S' },
      ]),
    ).toBe('RR-TB');
    expect(sampleFlag([{ code: C.XPERT_MTB, value: 'MTB NOT DETECTED' }])).toBeNull();
  });

  it('orders LPA, culture and DST on a new sample after rifampicin resistance on Xpert', () => {
    const rr = [
      { code: C.XPERT_MTB, value: 'MTB DETECTED LOW' },
      { code: C.XPERT_RIF, value: 'RIF RESISTANCE DETECTED' },
    ];
    expect(followOnTests(rr)).toEqual(['TB-LPA1', 'TB-LPA2', 'TB-CULTURE', 'TB-DST1']);
    expect(followOnTests([{ code: C.ULTRA_RIF, value: 'RIF RESISTANCE DETECTED' }])).toEqual(['TB-LPA1', 'TB-LPA2', 'TB-CULTURE', 'TB-DST1']);
    expect(followOnTests([{ code: C.XPERT_RIF, value: 'RIF RESISTANCE NOT DETECTED' }])).toEqual([]);
    expect(followOnTests([{ code: C.LPA1_RIF, value: 'RESISTANT' }])).toEqual([]);
    expect(followOnTests([])).toEqual([]);
  });

  it('says whether TB was found', () => {
    expect(mtbDetected(C.XPERT_MTB, 'MTB DETECTED VERY LOW')).toBe(true);
    expect(mtbDetected(C.ULTRA_MTB, 'MTB DETECTED TRACE')).toBe(true);
    expect(mtbDetected(C.XPERT_MTB, 'MTB NOT DETECTED')).toBe(false);
    expect(mtbDetected(C.XPERT_MTB, 'ERROR')).toBe(false);
    expect(mtbDetected(C.ZN_GRADE, 'SCANTY')).toBe(true);
    expect(mtbDetected(C.LED_GRADE, '3+')).toBe(true);
    expect(mtbDetected(C.ZN_GRADE, 'NEGATIVE')).toBe(false);
    expect(mtbDetected(C.CULTURE_RESULT, 'MTB COMPLEX ISOLATED')).toBe(true);
    expect(mtbDetected(C.CULTURE_LJ_RESULT, 'NTM ISOLATED')).toBe(false);
    expect(mtbDetected(C.XPERT_RIF, 'RIF RESISTANCE DETECTED')).toBe(false);
    expect(mtbDetected(C.ZN_COUNT, 5)).toBe(false);
    expect(
      anyMtbDetected([
        { code: C.ZN_GRADE, value: 'NEGATIVE' },
        { code: C.LAMP, value: 'MTB DETECTED' },
      ]),
    ).toBe(true);
    expect(anyMtbDetected([{ code: C.ZN_GRADE, value: null }])).toBe(false);
  });

  it('asks for a retest after an Ultra trace, an indeterminate RIF or a failed run', () => {
    expect(retestReason(C.ULTRA_MTB, 'MTB DETECTED TRACE')).toBe('trace');
    expect(retestReason(C.XPERT_RIF, 'RIF RESISTANCE INDETERMINATE')).toBe('rif_indeterminate');
    expect(retestReason(C.XPERT_MTB, 'ERROR')).toBe('run_failed');
    expect(retestReason(C.ULTRA_MTB, 'NO RESULT')).toBe('run_failed');
    expect(retestReason(C.LPA2_MTBC, 'INVALID')).toBe('run_failed');
    expect(retestReason(C.XPERT_MTB, 'MTB DETECTED HIGH')).toBeNull();
    expect(retestReason(C.ZN_GRADE, 'NEGATIVE')).toBeNull();
  });

  it('knows which members take a value, and that a trace is RIF indeterminate', () => {
    const trace = [{ code: C.ULTRA_MTB, value: 'MTB DETECTED TRACE' }];
    expect(memberApplies(C.ULTRA_RIF, trace)).toBe(true);
    expect(impliedValue(C.ULTRA_RIF, trace)).toBe('RIF RESISTANCE INDETERMINATE');
    expect(impliedValue(C.ULTRA_RIF, [{ code: C.ULTRA_MTB, value: 'MTB DETECTED LOW' }])).toBeNull();
    expect(panelIssues([...trace, { code: C.ULTRA_RIF, value: 'RIF RESISTANCE NOT DETECTED' }])).toEqual([
      { code: C.ULTRA_RIF, message: 'An MTB DETECTED TRACE result is always RIF RESISTANCE INDETERMINATE.' },
    ]);
    expect(panelIssues([...trace, { code: C.ULTRA_RIF, value: 'RIF RESISTANCE INDETERMINATE' }])).toEqual([]);

    expect(memberApplies(C.XPERT_RIF, [{ code: C.XPERT_MTB, value: 'MTB NOT DETECTED' }])).toBe(false);
    expect(memberApplies(C.ZN_COUNT, [{ code: C.ZN_GRADE, value: 'SCANTY' }])).toBe(true);
    expect(memberApplies(C.ZN_COUNT, [{ code: C.ZN_GRADE, value: '2+' }])).toBe(false);
    expect(memberApplies(C.ZN_GRADE, [])).toBe(true);
    expect(memberApplies(C.CULTURE_DAYS, [{ code: C.CULTURE_RESULT, value: 'NTM ISOLATED' }])).toBe(true);
    expect(memberApplies(C.LPA2_FQ, [{ code: C.LPA2_MTBC, value: 'MTBC NOT DETECTED' }])).toBe(false);
    expect(
      panelIssues([
        { code: C.ZN_GRADE, value: '1+' },
        { code: C.ZN_COUNT, value: 4 },
        { code: C.XPERT_MTB, value: 'MTB NOT DETECTED' },
        { code: C.XPERT_RIF, value: '' },
      ]),
    ).toEqual([{ code: C.ZN_COUNT, message: 'Leave this result blank unless TB-ZN-GRADE is SCANTY.' }]);
  });
});

describe('members settled as not applying', () => {
  it('closes RIF after MTB NOT DETECTED and a count after a negative smear, and waits while the sibling has no result', () => {
    expect(memberNotApplicable('TB-XPERT-RIF', [{ code: 'TB-XPERT-MTB', value: 'MTB NOT DETECTED' }])).toBe(true);
    expect(memberNotApplicable('TB-XPERT-RIF', [{ code: 'TB-XPERT-MTB', value: 'MTB DETECTED LOW' }])).toBe(false);
    expect(memberNotApplicable('TB-XPERT-RIF', [])).toBe(false);
    expect(memberNotApplicable('TB-ZN-COUNT', [{ code: 'TB-ZN-GRADE', value: 'NEGATIVE' }])).toBe(true);
    expect(memberNotApplicable('TB-ZN-COUNT', [{ code: 'TB-ZN-GRADE', value: 'SCANTY' }])).toBe(false);
    expect(memberNotApplicable('TB-XPERT-MTB', [])).toBe(false);
  });
});

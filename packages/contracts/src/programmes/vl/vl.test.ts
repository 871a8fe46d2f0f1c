import { afterEach, describe, expect, it } from 'vitest';
import { formatResultValue, parseNumericResult, wireValue } from '../censored.js';
import { requestFormOf, requestFormSpecOf } from '../registry.js';
import { requestLinesOf, rulesOf } from '../registry.js';
import {
  setVlCutoffs,
  VL_CODES,
  VL_DEFAULT_CUTOFFS,
  VL_REPEAT_REASON,
  vlBandLabels,
  vlClassify,
  vlFlag,
  vlInterpretation,
  vlLogValue,
  vlMemberNotApplicable,
} from './vl.js';

const FORMS = ['<', '>', 'TARGET NOT DETECTED'];
const form = {
  art_number: 'ART/LA/0042',
  art_start_date: '2021-03-01',
  regimen: 'TDF_3TC_DTG',
  regimen_line: 'first',
  reason: 'routine',
};

describe('censored numeric results', () => {
  it('reads numbers, "< n", "> n" and target not detected when the test takes them', () => {
    expect(parseNumericResult(1250, FORMS)).toEqual({ ok: true, value: { numeric: 1250, qualifier: null } });
    expect(parseNumericResult('1,250', FORMS)).toEqual({ ok: true, value: { numeric: 1250, qualifier: null } });
    expect(parseNumericResult('1.2E+04', FORMS)).toEqual({ ok: true, value: { numeric: 12000, qualifier: null } });
    expect(parseNumericResult('<40', FORMS)).toEqual({ ok: true, value: { numeric: 40, qualifier: '<' } });
    expect(parseNumericResult('< LDL (40)', FORMS)).toEqual({ ok: true, value: { numeric: 40, qualifier: '<' } });
    expect(parseNumericResult('> 10,000,000', FORMS)).toEqual({ ok: true, value: { numeric: 10_000_000, qualifier: '>' } });
    for (const tnd of ['TARGET NOT DETECTED', 'Target not detected', 'TND', 'not detected'])
      expect(parseNumericResult(tnd, FORMS)).toEqual({ ok: true, value: { numeric: null, qualifier: 'TARGET NOT DETECTED' } });
  });

  it('refuses censored forms a test does not take, and nonsense', () => {
    expect(parseNumericResult('< 40', [])).toMatchObject({ ok: false });
    expect(parseNumericResult('TND', ['<'])).toMatchObject({ ok: false });
    expect(parseNumericResult('<', FORMS)).toMatchObject({ ok: false });
    expect(parseNumericResult('< 0', FORMS)).toMatchObject({ ok: false });
    expect(parseNumericResult('abc', FORMS)).toMatchObject({ ok: false, message: expect.stringContaining('Target not detected') });
    expect(parseNumericResult('1,5', FORMS)).toMatchObject({ ok: false });
  });

  it('carries the stored columns as one wire value and shows it for reading', () => {
    expect(wireValue(40, '<')).toBe('< 40');
    expect(wireValue(null, 'TARGET NOT DETECTED')).toBe('TARGET NOT DETECTED');
    expect(wireValue(5.2, null)).toBe(5.2);
    expect(wireValue(null, 'POSITIVE')).toBe('POSITIVE');
    expect(formatResultValue('< 40')).toBe('< 40');
    expect(formatResultValue('> 10000000')).toBe('> 10,000,000');
    expect(formatResultValue('TARGET NOT DETECTED')).toBe('Target not detected');
    expect(formatResultValue(1250)).toBe('1,250');
    expect(formatResultValue('<1:20')).toBe('<1:20');
    expect(formatResultValue('MTB DETECTED LOW')).toBe('MTB DETECTED LOW');
  });
});

describe('viral-load classification', () => {
  afterEach(() => setVlCutoffs(VL_DEFAULT_CUTOFFS));

  it('follows WHO 2023 and Nigeria’s bands by default', () => {
    expect(vlClassify('TARGET NOT DETECTED')).toEqual({ category: 'undetectable', band: 0 });
    expect(vlClassify('< 20')).toEqual({ category: 'undetectable', band: 0 });
    expect(vlClassify('< 40')).toEqual({ category: 'undetectable', band: 1 });
    expect(vlClassify(19)).toEqual({ category: 'suppressed', band: 0 });
    expect(vlClassify(20)).toEqual({ category: 'suppressed', band: 1 });
    expect(vlClassify(999)).toEqual({ category: 'suppressed', band: 2 });
    expect(vlClassify(1000)).toEqual({ category: 'suppressed', band: 3 });
    expect(vlClassify(1001)).toEqual({ category: 'unsuppressed', band: 3 });
    expect(vlClassify('> 10000000')).toEqual({ category: 'unsuppressed', band: 3 });
    expect(vlClassify('POSITIVE')).toBeNull();
    expect(vlBandLabels()).toEqual(['< 20', '20–199', '200–999', '≥ 1,000']);
    expect(vlInterpretation(450)).toBe('Suppressed (≤ 1,000 copies/mL) · band 200–999');
  });

  it('takes configured cut-offs, checked', () => {
    setVlCutoffs({ suppressed_max: 200, bands: [50, 200] });
    expect(vlClassify(450)).toEqual({ category: 'unsuppressed', band: 2 });
    expect(vlFlag(VL_CODES.RNA, 450)).toBe('UNSUPPRESSED');
    expect(vlBandLabels()).toEqual(['< 50', '50–199', '≥ 200']);
    expect(() => setVlCutoffs({ suppressed_max: 1000, bands: [200, 20] })).toThrow();
  });

  it('flags an unsuppressed copies result only', () => {
    expect(vlFlag(VL_CODES.RNA, 15_400)).toBe('UNSUPPRESSED');
    expect(vlFlag(VL_CODES.RNA, '< 40')).toBeNull();
    expect(vlFlag(VL_CODES.LOG, 4.19)).toBeNull();
    expect(rulesOf('Viral Load').headline?.(['UNSUPPRESSED'])).toMatch(/^UNSUPPRESSED VIRAL LOAD/);
    expect(rulesOf('Viral Load').headline?.([])).toBeNull();
  });
});

describe('the log10 member', () => {
  it('is computed from the copies, censored with them, and none for target not detected', () => {
    expect(vlLogValue(15_400)).toBe(4.19);
    expect(vlLogValue('< 40')).toBe('< 1.6');
    expect(vlLogValue('> 10000000')).toBe('> 7');
    expect(vlLogValue('TARGET NOT DETECTED')).toBeNull();
    const tnd = [{ code: VL_CODES.RNA, value: 'TARGET NOT DETECTED' }];
    expect(vlMemberNotApplicable(VL_CODES.LOG, tnd)).toBe(true);
    expect(vlMemberNotApplicable(VL_CODES.LOG, [{ code: VL_CODES.RNA, value: 500 }])).toBe(false);
    expect(vlMemberNotApplicable(VL_CODES.LOG, [])).toBe(false);
    expect(rulesOf('Viral Load').computed?.[VL_CODES.LOG]?.from).toBe(VL_CODES.RNA);
  });
});

describe('the viral-load request form', () => {
  const schema = requestFormOf('Viral Load');

  it('accepts a complete request and names what is missing', () => {
    expect(schema.safeParse(form).success).toBe(true);
    const missing = schema.safeParse({});
    expect(missing.success).toBe(false);
    const paths = missing.error!.issues.map((i) => i.path.join('.'));
    expect(paths).toEqual(expect.arrayContaining(['art_number', 'art_start_date', 'regimen', 'regimen_line', 'reason']));
  });

  it('asks for the other regimen’s name only when the regimen is "other"', () => {
    expect(schema.safeParse({ ...form, regimen: 'other' }).success).toBe(false);
    expect(schema.safeParse({ ...form, regimen: 'other', regimen_other: 'DRV/r + RAL' }).success).toBe(true);
    expect(schema.safeParse({ ...form, regimen_other: 'DRV/r + RAL' }).success).toBe(false);
  });

  it('refuses a future date and a last result out of range', () => {
    expect(schema.safeParse({ ...form, art_start_date: '2999-01-01' }).success).toBe(false);
    expect(schema.safeParse({ ...form, last_vl_result: -1 }).success).toBe(false);
    expect(schema.safeParse({ ...form, pregnant: true, breastfeeding: false, last_vl_result: 0, last_vl_date: '2025-01-02' }).success).toBe(true);
  });

  it('is printed on the report, and keeps the ART number as the client’s identifier', () => {
    expect(requestFormSpecOf('Viral Load')?.namespace).toBe('vl');
    const lines = requestLinesOf('Viral Load', { ...form, pregnant: true, last_vl_result: 1500 });
    expect(lines).toEqual(
      expect.arrayContaining([
        ['Current regimen', 'TDF/3TC/DTG'],
        ['Regimen line', 'First line'],
        ['Pregnant', 'Yes'],
      ]),
    );
    expect(lines).toContainEqual(['Last viral load', '1500 copies/mL']);
    expect(rulesOf('Viral Load').identifierFields).toEqual({ art_number: 'ART number' });
  });

  it('asks, after an unsuppressed result, for a repeat request of the same client in one action', () => {
    const followOn = rulesOf('Viral Load').followOn!;
    expect(followOn([{ code: VL_CODES.RNA, value: '< 40' }], form)).toBeNull();
    const due = followOn([{ code: VL_CODES.RNA, value: 15_400 }], form)!;
    expect(due.codes).toEqual([VL_CODES.PANEL]);
    expect(due.form).toMatchObject({ ...form, reason: VL_REPEAT_REASON, last_vl_result: 15_400 });
    expect(requestFormOf('Viral Load').safeParse(due.form).success).toBe(true);
    expect(followOn([{ code: VL_CODES.RNA, value: '> 10000000' }], form)?.form?.last_vl_result).toBe(10_000_000);
  });
});

import type { ProgrammeDefinition } from '../programme.js';
import { TB_CATALOGUE } from './catalogue.js';
import {
  followOnTests,
  interpretationFlag,
  MTB_POSITIVE,
  memberNotApplicable,
  RIF_RESISTANT,
  TB_CODES,
  TB_FORM_CHOICES,
  TB_FORM_IDENTIFIER_TYPES,
  TB_FORM_SPEC,
} from './tb.js';

// The Xpert MTB/RIF and Ultra members: MTB detection (trace included), and rifampicin resistance.
const XPERT_MTB = [TB_CODES.XPERT_MTB, TB_CODES.ULTRA_MTB];
const XPERT_RIF = [TB_CODES.XPERT_RIF, TB_CODES.ULTRA_RIF];

/** The label of a TB form choice, or the stored value when unknown. */
const tbChoice = (field: keyof typeof TB_FORM_CHOICES, value: unknown): string =>
  (TB_FORM_CHOICES[field] as readonly { value: string; label: string }[]).find((c) => c.value === value)?.label ?? String(value ?? '—');

/** The presumptive-TB request as the report prints it. */
function tbRequestLines(form: Readonly<Record<string, unknown>>): [string, string][] {
  if (!Object.keys(form).length) return [];
  const reason =
    form.reason_for_examination === 'follow_up' && form.treatment_month != null
      ? `${tbChoice('reason_for_examination', form.reason_for_examination)} (month ${form.treatment_month})`
      : tbChoice('reason_for_examination', form.reason_for_examination);
  const specimen = form.specimen === 'other' && form.specimen_other ? String(form.specimen_other) : tbChoice('specimen', form.specimen);
  const lines: [string, string][] = [
    ['Patient category', tbChoice('patient_category', form.patient_category)],
    ['Reason for examination', reason],
    ['Presumptive DR-TB', form.presumptive_drtb ? 'Yes' : 'No'],
    ['HIV status', tbChoice('hiv_status', form.hiv_status)],
    ['Test status', tbChoice('test_status', form.test_status)],
    ['Specimen', form.visual_appearance ? `${specimen} · ${tbChoice('visual_appearance', form.visual_appearance)}` : specimen],
  ];
  if (form.lga_tb_number) lines.push(['LGA TB number', String(form.lga_tb_number)]);
  if (form.drtb_register_number) lines.push(['DR-TB register number', String(form.drtb_register_number)]);
  return lines;
}

const tbHeadline = (flags: readonly string[]): string | null =>
  flags.includes('MDR-TB')
    ? 'MULTIDRUG-RESISTANT TB (MDR-TB): rifampicin and isoniazid resistance detected'
    : flags.includes('RR-TB')
      ? 'RIFAMPICIN-RESISTANT TB (RR-TB): rifampicin resistance detected'
      : null;

/** Tuberculosis (NTBLCP): the presumptive-TB request, smear, Xpert, LAMP, LAM, LPA, culture and DST, RR-TB and MDR-TB flags. */
export const TUBERCULOSIS: ProgrammeDefinition = {
  name: 'Tuberculosis',
  family: 'tb',
  code: 'TB',
  form: TB_FORM_SPEC,
  catalogue: TB_CATALOGUE,
  dhis2: {
    order: 2,
    // The rifampicin members say resistance, on a test that found TB already: not cases of their own.
    notCases: Object.keys(RIF_RESISTANT),
    measuresOrder: 3,
    measures: [
      { measure: 'tb_xpert_tests', tests: XPERT_MTB },
      { measure: 'tb_mtb_detected', tests: XPERT_MTB, classes: ['positive'] },
      { measure: 'tb_rif_resistant', tests: XPERT_RIF, classes: ['positive'] },
    ],
  },
  priorityDisease: {
    key: 'tb',
    order: 11,
    tierDashboard: 3,
    // Every test that says whether TB was found (the panels' MTB members, LAMP, LAM, culture, LPA); not DST.
    tests: { tested: Object.keys(MTB_POSITIVE), positive: MTB_POSITIVE },
  },
  rules: {
    flag: interpretationFlag,
    followOn: (sample) => {
      const codes = followOnTests(sample);
      return codes.length ? { codes } : null;
    },
    notApplicable: memberNotApplicable,
    identifierFields: TB_FORM_IDENTIFIER_TYPES,
    requestLines: tbRequestLines,
    headline: tbHeadline,
  },
};

import { programFamily, type ProgramFamily } from './definitions.js';
import { EID_IDENTIFIER_FIELDS, eidFlag, eidFollowOn, eidHeadline, eidRequestLines } from './eid.js';
import { formLines } from './form-spec.js';
import { requestFormSpecOf } from './forms.js';
import { PH_FORM_IDENTIFIER_TYPES, phFlag, phHeadline, phMemberNotApplicable } from './ph.js';
import { followOnTests, interpretationFlag, memberNotApplicable, TB_FORM_CHOICES, TB_FORM_IDENTIFIER_TYPES } from './tb.js';
import type { ProgrammeRules, RequestContext } from './types.js';
import { VL_CODES, VL_FORM_IDENTIFIER_TYPES, vlFlag, vlFollowOn, vlHeadline, vlInterpretation, vlLogValue, vlMemberNotApplicable } from './vl.js';

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

const RULES: Partial<Record<ProgramFamily, ProgrammeRules>> = {
  tb: {
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
  eid: {
    flag: eidFlag,
    followOn: eidFollowOn,
    identifierFields: EID_IDENTIFIER_FIELDS,
    requestLines: eidRequestLines,
    headline: eidHeadline,
  },
  vl: {
    flag: vlFlag,
    followOn: vlFollowOn,
    notApplicable: vlMemberNotApplicable,
    identifierFields: VL_FORM_IDENTIFIER_TYPES,
    headline: (flags) => vlHeadline(flags),
    computed: { [VL_CODES.LOG]: { from: VL_CODES.RNA, value: vlLogValue } },
    interpretation: (testCode, value) => (testCode === VL_CODES.RNA ? vlInterpretation(value) : null),
  },
  ph: {
    flag: (testCode, value) => phFlag(testCode, value),
    notApplicable: phMemberNotApplicable,
    identifierFields: PH_FORM_IDENTIFIER_TYPES,
    headline: phHeadline,
  },
};

export const rulesOf = (program: string): ProgrammeRules => RULES[programFamily(program)] ?? {};

/** A stored request form as the report prints it: the programme's own lines (TB), else every answered field of its declared form. */
export function requestLinesOf(program: string, form: Readonly<Record<string, unknown>>, context?: RequestContext): [string, string][] {
  const own = rulesOf(program).requestLines;
  if (own) return own(form, context);
  const spec = requestFormSpecOf(program);
  return spec ? formLines(spec, form) : [];
}

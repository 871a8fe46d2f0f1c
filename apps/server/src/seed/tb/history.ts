import { interpretationFlag, mtbDetected, TB_CODES, TB_FORM_CHOICES, TB_SPECIMEN_SAMPLE_TYPES, tbRequestForm, tbResultCodes } from '@nlims/contracts';
import { sql, type SQL } from 'drizzle-orm';
import { pick, text, type Weighted } from '../history-kit.js';

/** Xpert MTB/RIF, MTB member: per-mille share of each value (about 12 % MTB detected among presumptive TB, 6 % failed runs). */
export const MTB_VALUES: Weighted = [
  ['MTB DETECTED HIGH', 20],
  ['MTB DETECTED MEDIUM', 35],
  ['MTB DETECTED LOW', 40],
  ['MTB DETECTED VERY LOW', 25],
  ['MTB NOT DETECTED', 820],
  ['INVALID', 30],
  ['ERROR', 20],
  ['NO RESULT', 10],
];
/** Xpert MTB/RIF, RIF member (only when MTB is detected): per-cent share of each value. */
export const RIF_VALUES: Weighted = [
  ['RIF RESISTANCE DETECTED', 6],
  ['RIF RESISTANCE INDETERMINATE', 2],
  ['RIF RESISTANCE NOT DETECTED', 92],
];

/** A value of a TB request form's choice field, checked against the form's choices. */
const choice = (field: keyof typeof TB_FORM_CHOICES, value: string) => {
  if (!TB_FORM_CHOICES[field].some((c) => c.value === value)) throw new Error(`${value} is not a ${field}`);
  return value;
};

/**
 * The presumptive-TB request form (contracts' tbRequestForm) of generated order `g` dated `t.ts`, its choices in
 * plausible proportions: `lateral` joins the drawn category, follow-up and specimen as `f`, `form` builds the jsonb.
 */
export function tbOrderForm(): { lateral: SQL; form: SQL } {
  const category = sql`(case when g % 100 < 75 then ${choice('patient_category', 'new')} when g % 100 < 85 then ${choice('patient_category', 'relapse')}
      when g % 100 < 88 then ${choice('patient_category', 'treatment_after_failure')} when g % 100 < 92 then ${choice('patient_category', 'treatment_after_loss_to_follow_up')}
      when g % 100 < 95 then ${choice('patient_category', 'other_previously_treated')} else ${choice('patient_category', 'unknown')} end)`;
  const specimen = sql`(case when (g / 11) % 100 < 70 then ${choice('specimen', 'sputum_spot')} when (g / 11) % 100 < 92 then ${choice('specimen', 'sputum_early_morning')}
      when (g / 11) % 100 < 95 then ${choice('specimen', 'gastric_aspirate')} when (g / 11) % 100 < 96 then ${choice('specimen', 'csf')}
      when (g / 11) % 100 < 98 then ${choice('specimen', 'stool')} else ${choice('specimen', 'lymph_node_aspirate')} end)`;
  return {
    lateral: sql`cross join lateral (select ${category} as category, (g / 7) % 100 >= 85 as follow_up, ${specimen} as specimen) f`,
    form: sql`jsonb_build_object(
                   'patient_category', f.category,
                   'reason_for_examination', case when f.follow_up then ${choice('reason_for_examination', 'follow_up')} else ${choice('reason_for_examination', 'diagnosis')} end,
                   'treatment_month', case when f.follow_up then (array[2, 5, 6])[1 + g % 3] end,
                   'presumptive_drtb', f.category not in ('new', 'unknown') or g % 50 = 0,
                   'hiv_status', case when (g / 3) % 100 < 80 then ${choice('hiv_status', 'negative')} when (g / 3) % 100 < 92 then ${choice('hiv_status', 'positive')} else ${choice('hiv_status', 'unknown')} end,
                   'lga_tb_number', case when f.follow_up then 'LGA/' || to_char(t.ts, 'YYYY') || '/' || lpad((g % 10000)::text, 4, '0') else '' end,
                   'drtb_register_number', '',
                   'test_status', case when f.follow_up then ${choice('test_status', 'follow_up')} when g % 50 = 1 then ${choice('test_status', 'repeat')} else ${choice('test_status', 'initial')} end,
                   'specimen', f.specimen,
                   'specimen_other', '',
                   'visual_appearance', case when f.specimen not like 'sputum%' then null
                     when (g / 13) % 100 < 50 then ${choice('visual_appearance', 'muco_purulent')} when (g / 13) % 100 < 85 then ${choice('visual_appearance', 'salivary')}
                     when (g / 13) % 100 < 92 then ${choice('visual_appearance', 'blood_stained')} end)`,
  };
}

/** A TB sample's type: the one its order's specimen (`o.form`) stands for, sputum otherwise. */
export function tbSampleType(): SQL {
  const specimenTypes = Object.entries(TB_SPECIMEN_SAMPLE_TYPES).filter(([, type]) => type != null);
  return sql`(select id from sample_types where name = (case o.form->>'specimen' ${sql.join(
    specimenTypes.map(([spec, type]) => sql`when ${spec} then ${type}`),
    sql` `,
  )} else 'Sputum' end))`;
}

/**
 * Xpert MTB/RIF: the MTB member's value from the sample id (uniform over the per-mille buckets); the RIF member takes a
 * value only when MTB is detected (contracts' memberApplies), with the flag the programme's rule gives it
 * (interpretationFlag: RIF resistance → RR-TB).
 */
export function xpertValues(idOf: (code: string) => number) {
  for (const [value] of MTB_VALUES) if (!tbResultCodes(TB_CODES.XPERT_MTB).includes(value)) throw new Error(`${value} is not an Xpert MTB result`);
  for (const [value] of RIF_VALUES) if (!tbResultCodes(TB_CODES.XPERT_RIF).includes(value)) throw new Error(`${value} is not an Xpert RIF result`);
  const mtbValue = (sampleId: SQL) => pick(sql`((${sampleId}::bigint * 7919) % 1000)`, MTB_VALUES, 1000);
  const rifValue = (sampleId: SQL) => pick(sql`(((${sampleId}::bigint / 1000) * 7 + ${sampleId}) % 100)`, RIF_VALUES, 100);
  const detected = MTB_VALUES.map(([value]) => value).filter((value) => mtbDetected(TB_CODES.XPERT_MTB, value));
  const mtbFound = (sampleId: SQL) => sql`(${mtbValue(sampleId)} in (${text(detected)}))`;
  const flagged = RIF_VALUES.map(([value]) => [value, interpretationFlag(TB_CODES.XPERT_RIF, value)] as const).filter(([, flag]) => flag);
  const rifFlag = (sampleId: SQL) =>
    sql`(case ${rifValue(sampleId)} ${sql.join(
      flagged.map(([value, flag]) => sql`when ${value} then ${flag}`),
      sql` `,
    )} end)`;
  return { members: { mtb: idOf(TB_CODES.XPERT_MTB), rif: idOf(TB_CODES.XPERT_RIF) }, mtbValue, rifValue, mtbFound, rifFlag };
}

/** Generated request forms through the contracts' schema, so the data stays valid as the form evolves. */
export const checkTbForms = (forms: readonly unknown[]) => {
  for (const form of forms) tbRequestForm.parse(form);
};

/** The TB request form's fields, in the order the form shows them. */
export const TB_FORM_FIELDS = [
  'patient_category',
  'reason_for_examination',
  'treatment_month',
  'presumptive_drtb',
  'hiv_status',
  'lga_tb_number',
  'drtb_register_number',
  'test_status',
  'specimen',
  'specimen_other',
  'visual_appearance',
] as const;
export type TbFormField = (typeof TB_FORM_FIELDS)[number];

/** The fields whose value is a code of the form's choices (translated as `tb:choice.<field>.<code>`). */
export const TB_CHOICE_FIELDS: ReadonlySet<string> = new Set([
  'patient_category',
  'reason_for_examination',
  'hiv_status',
  'test_status',
  'specimen',
  'visual_appearance',
]);

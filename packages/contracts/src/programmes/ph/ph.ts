import { ctResultOf, keyMemberCodes, POSITIVE_RESULTS } from '../catalogue.js';
import type { FieldSpec, FormSpec } from '../form-spec.js';
import type { Dhis2Facts, PriorityDiseaseFacts } from '../programme.js';
import type { CodedChoice } from '../types.js';

/**
 * The public-health programmes (NCDC, IDSR): Lassa fever, COVID-19, cholera,
 * CSM, measles and rubella, yellow fever, mpox, diphtheria, anthrax,
 * influenza and "Public". One case-investigation form shape, as the national
 * case investigation forms have it — EPID number, onset, the disease's
 * symptoms, vaccination where a vaccine exists, travel and contact history,
 * hospitalisation, outcome, specimen — with each disease's own symptoms,
 * specimens and vaccine. The tests' vocabularies and which results are
 * positive are declared here too; a positive result of a notifiable disease
 * raises the disease's flag ("LASSA FEVER POSITIVE"), which the report
 * prints and the facility's "to notify" list collects. No I/O.
 */

/** The EPID number (SORMAS): country-state-LGA-year-serial, e.g. NIE-LAS-IKJ-26-001. */
export const EPID_PATTERN = { source: '^([A-Z]{3}-){3}[0-9]{2}-[0-9]+$', example: 'NIE-LAS-IKJ-26-001' } as const;

const c = (value: string, label: string): CodedChoice => ({ value, label });

/** Every symptom of the case definitions, once; each disease lists the ones its form asks about. */
const SYMPTOM: Record<string, CodedChoice> = {
  fever: c('fever', 'Fever (≥ 38 °C)'),
  malaise: c('malaise', 'General malaise or weakness'),
  headache: c('headache', 'Headache'),
  sore_throat: c('sore_throat', 'Sore throat'),
  cough: c('cough', 'Cough'),
  chest_pain: c('chest_pain', 'Chest or retrosternal pain'),
  muscle_pain: c('muscle_pain', 'Muscle or joint pain'),
  abdominal_pain: c('abdominal_pain', 'Abdominal pain'),
  nausea_vomiting: c('nausea_vomiting', 'Nausea or vomiting'),
  diarrhoea: c('diarrhoea', 'Diarrhoea'),
  watery_diarrhoea: c('watery_diarrhoea', 'Acute watery diarrhoea'),
  dehydration: c('dehydration', 'Dehydration'),
  leg_cramps: c('leg_cramps', 'Leg cramps'),
  bleeding: c('bleeding', 'Unexplained bleeding (gums, nose, vagina, injection sites)'),
  facial_swelling: c('facial_swelling', 'Facial or neck swelling'),
  hearing_loss: c('hearing_loss', 'Hearing loss'),
  shock: c('shock', 'Low blood pressure or shock'),
  breathlessness: c('breathlessness', 'Shortness of breath'),
  runny_nose: c('runny_nose', 'Runny nose'),
  loss_of_smell_taste: c('loss_of_smell_taste', 'Loss of smell or taste'),
  neck_stiffness: c('neck_stiffness', 'Neck stiffness'),
  altered_consciousness: c('altered_consciousness', 'Altered consciousness'),
  bulging_fontanelle: c('bulging_fontanelle', 'Bulging fontanelle (infant)'),
  convulsions: c('convulsions', 'Convulsions'),
  petechial_rash: c('petechial_rash', 'Petechial or purpuric rash'),
  maculopapular_rash: c('maculopapular_rash', 'Generalised maculopapular rash'),
  conjunctivitis: c('conjunctivitis', 'Conjunctivitis (red eyes)'),
  coryza: c('coryza', 'Coryza (runny nose)'),
  lymphadenopathy: c('lymphadenopathy', 'Swollen lymph nodes'),
  jaundice: c('jaundice', 'Jaundice (yellow eyes or skin)'),
  vesicular_rash: c('vesicular_rash', 'Vesicular or pustular rash'),
  genital_lesions: c('genital_lesions', 'Genital or anal lesions'),
  back_pain: c('back_pain', 'Back pain'),
  pseudomembrane: c('pseudomembrane', 'Adherent grey membrane on the tonsils, pharynx or nose'),
  bull_neck: c('bull_neck', 'Bull neck (neck swelling)'),
  difficulty_swallowing: c('difficulty_swallowing', 'Difficulty swallowing'),
  skin_eschar: c('skin_eschar', 'Painless skin ulcer with a black eschar'),
  skin_oedema: c('skin_oedema', 'Oedema around a skin lesion'),
  other: c('other', 'Other'),
};
const symptoms = (...keys: string[]): CodedChoice[] => [...keys, 'other'].map((k) => SYMPTOM[k]!);

/** The specimens a case-investigation form offers; each is registered as a seeded sample type (by name). */
const SPECIMEN = {
  whole_blood: { choice: c('whole_blood', 'Whole blood'), sampleType: 'Whole blood (EDTA)' },
  serum: { choice: c('serum', 'Serum'), sampleType: 'Serum' },
  np_swab: { choice: c('np_swab', 'Nasopharyngeal swab'), sampleType: 'Nasopharyngeal swab' },
  op_swab: { choice: c('op_swab', 'Oropharyngeal swab'), sampleType: 'Oropharyngeal swab' },
  stool: { choice: c('stool', 'Stool'), sampleType: 'Stool' },
  rectal_swab: { choice: c('rectal_swab', 'Rectal swab'), sampleType: 'Rectal swab' },
  csf: { choice: c('csf', 'Cerebrospinal fluid (CSF)'), sampleType: 'Cerebrospinal fluid' },
  lesion_swab: { choice: c('lesion_swab', 'Lesion swab'), sampleType: 'Lesion swab' },
  crust: { choice: c('crust', 'Lesion crust'), sampleType: 'Lesion crust' },
  throat_swab: { choice: c('throat_swab', 'Throat swab'), sampleType: 'Oropharyngeal swab' },
  blood_culture: { choice: c('blood_culture', 'Blood culture'), sampleType: 'Blood culture bottle' },
} as const;
type Specimen = keyof typeof SPECIMEN;

/** The seeded sample type (by name) each case-form specimen is registered as. */
export const PH_SPECIMEN_SAMPLE_TYPES: Readonly<Record<string, string>> = Object.fromEntries(
  Object.values(SPECIMEN).map((s) => [s.choice.value, s.sampleType]),
);

/** One public-health programme: its symptoms, specimens, whether a vaccine exists and whether a positive result is notified. */
export interface PhDisease {
  program: string;
  /** Prefix of the programme's laboratory numbers. */
  code: string;
  symptoms: readonly CodedChoice[];
  specimens: readonly Specimen[];
  vaccine: boolean;
  notifiable: boolean;
  /** Its DHIS2 aggregates' place (every programme is reported; ProgrammeDefinition.dhis2). */
  dhis2?: Dhis2Facts;
  /** The priority disease the officials' pages follow through its tests (ProgrammeDefinition.priorityDisease). */
  priorityDisease?: PriorityDiseaseFacts;
}

/** The eleven programmes, in the order the product lists them. Symptoms from the NCDC case definitions (IDSR technical guidelines). */
export const PH_DISEASES: readonly PhDisease[] = [
  {
    program: 'Monkey Pox',
    code: 'MPX',
    symptoms: symptoms('fever', 'vesicular_rash', 'genital_lesions', 'lymphadenopathy', 'headache', 'muscle_pain', 'back_pain', 'sore_throat', 'malaise'),
    specimens: ['lesion_swab', 'crust'],
    vaccine: false,
    notifiable: true,
    dhis2: { order: 11 },
    priorityDisease: { key: 'mpox', order: 7 },
  },
  {
    program: 'CSM',
    code: 'CSM',
    symptoms: symptoms(
      'fever',
      'headache',
      'neck_stiffness',
      'altered_consciousness',
      'bulging_fontanelle',
      'convulsions',
      'petechial_rash',
      'nausea_vomiting',
    ),
    specimens: ['csf'],
    vaccine: true,
    notifiable: true,
    dhis2: { order: 8 },
    priorityDisease: { key: 'csm', order: 4 },
  },
  {
    program: 'Lassa Fever',
    code: 'LAS',
    symptoms: symptoms(
      'fever',
      'malaise',
      'headache',
      'sore_throat',
      'cough',
      'chest_pain',
      'muscle_pain',
      'abdominal_pain',
      'nausea_vomiting',
      'diarrhoea',
      'bleeding',
      'facial_swelling',
      'hearing_loss',
      'shock',
    ),
    specimens: ['whole_blood', 'serum'],
    vaccine: false,
    notifiable: true,
    dhis2: { order: 5 },
    priorityDisease: { key: 'lassa', order: 1, tierDashboard: 5 },
  },
  {
    program: 'Cholera',
    code: 'CHO',
    symptoms: symptoms('watery_diarrhoea', 'nausea_vomiting', 'dehydration', 'leg_cramps', 'abdominal_pain', 'fever'),
    specimens: ['stool', 'rectal_swab'],
    vaccine: false,
    notifiable: true,
    dhis2: { order: 7 },
    priorityDisease: { key: 'cholera', order: 3 },
  },
  {
    program: 'Measles and Rubella',
    code: 'MR',
    symptoms: symptoms('fever', 'maculopapular_rash', 'cough', 'coryza', 'conjunctivitis', 'lymphadenopathy', 'muscle_pain'),
    specimens: ['serum'],
    vaccine: true,
    notifiable: true,
    dhis2: { order: 9 },
    // Rubella shares the programme, not the disease.
    priorityDisease: { key: 'measles', order: 5, only: ['MEASLES-IGM'] },
  },
  {
    program: 'Anthrax',
    code: 'ANT',
    symptoms: symptoms('skin_eschar', 'skin_oedema', 'fever', 'malaise', 'nausea_vomiting', 'abdominal_pain', 'diarrhoea', 'breathlessness', 'chest_pain'),
    specimens: ['lesion_swab', 'whole_blood', 'blood_culture'],
    vaccine: false,
    notifiable: true,
    dhis2: { order: 13 },
    priorityDisease: { key: 'anthrax', order: 9 },
  },
  {
    program: 'Yellow fever',
    code: 'YF',
    symptoms: symptoms('fever', 'jaundice', 'headache', 'back_pain', 'muscle_pain', 'nausea_vomiting', 'bleeding', 'abdominal_pain'),
    specimens: ['serum'],
    vaccine: true,
    notifiable: true,
    dhis2: { order: 10 },
    priorityDisease: { key: 'yellow_fever', order: 6 },
  },
  {
    program: 'COVID-19',
    code: 'COV',
    symptoms: symptoms(
      'fever',
      'cough',
      'sore_throat',
      'breathlessness',
      'runny_nose',
      'loss_of_smell_taste',
      'headache',
      'muscle_pain',
      'malaise',
      'diarrhoea',
    ),
    specimens: ['np_swab', 'op_swab'],
    vaccine: true,
    notifiable: true,
    dhis2: { order: 6 },
    priorityDisease: { key: 'covid', order: 2, tierDashboard: 4 },
  },
  {
    program: 'Influenza',
    code: 'FLU',
    symptoms: symptoms('fever', 'cough', 'sore_throat', 'runny_nose', 'breathlessness', 'headache', 'muscle_pain', 'malaise'),
    specimens: ['np_swab', 'op_swab'],
    vaccine: false,
    notifiable: true,
    dhis2: { order: 14 },
    priorityDisease: { key: 'influenza', order: 10 },
  },
  {
    program: 'Diphtheria',
    code: 'DIP',
    symptoms: symptoms('sore_throat', 'fever', 'pseudomembrane', 'bull_neck', 'difficulty_swallowing', 'breathlessness', 'runny_nose'),
    specimens: ['throat_swab'],
    vaccine: true,
    notifiable: true,
    dhis2: { order: 12 },
    priorityDisease: { key: 'diphtheria', order: 8 },
  },
  {
    program: 'Public',
    code: 'PH',
    symptoms: symptoms('fever', 'malaise', 'headache', 'abdominal_pain', 'diarrhoea', 'nausea_vomiting', 'jaundice'),
    specimens: ['whole_blood', 'serum', 'stool', 'blood_culture'],
    vaccine: false,
    notifiable: false,
    dhis2: { order: 15 },
  },
];

export const phDisease = (program: string): PhDisease | undefined => PH_DISEASES.find((d) => d.program === program);

/** The programmes whose positive results are notified (filled by the registry from the definitions). */
export const PH_NOTIFIABLE_PROGRAMMES: string[] = [];

const YES_NO_UNKNOWN = [c('yes', 'Yes'), c('no', 'No'), c('unknown', 'Unknown')] as const;
const OUTCOMES = [c('alive', 'Alive'), c('dead', 'Dead'), c('unknown', 'Unknown')] as const;

/** The case-investigation form of a public-health programme. */
export function phCaseForm(d: PhDisease): FormSpec {
  const fields: FieldSpec[] = [
    {
      name: 'epid_number',
      label: 'EPID number',
      section: 'case',
      kind: 'text',
      max: 40,
      pattern: EPID_PATTERN,
      hint: 'Country, state, LGA, year and serial, e.g. NIE-LAS-IKJ-26-001',
    },
    { name: 'date_of_onset', label: 'Date of onset', section: 'case', kind: 'date', required: true },
    { name: 'symptoms', label: 'Symptoms', section: 'case', kind: 'choices', choices: d.symptoms },
  ];
  if (d.vaccine)
    fields.push(
      { name: 'vaccinated', label: 'Vaccinated', section: 'vaccination', kind: 'choice', choices: YES_NO_UNKNOWN, display: 'radio', required: true },
      {
        name: 'vaccine_doses',
        label: 'Doses received',
        section: 'vaccination',
        kind: 'number',
        min: 1,
        max: 10,
        integer: true,
        when: { field: 'vaccinated', in: ['yes'] },
      },
      { name: 'last_dose_date', label: 'Date of the last dose', section: 'vaccination', kind: 'date', when: { field: 'vaccinated', in: ['yes'] } },
    );
  fields.push(
    {
      name: 'travelled',
      label: 'Travelled in the last 21 days',
      section: 'exposure',
      kind: 'choice',
      choices: YES_NO_UNKNOWN,
      display: 'radio',
      required: true,
    },
    { name: 'travel_place', label: 'Where', section: 'exposure', kind: 'text', max: 200, required: true, when: { field: 'travelled', in: ['yes'] } },
    {
      name: 'contact_with_case',
      label: 'Contact with a confirmed or probable case',
      section: 'exposure',
      kind: 'choice',
      choices: YES_NO_UNKNOWN,
      display: 'radio',
      required: true,
    },
    { name: 'hospitalised', label: 'Hospitalised', section: 'clinical', kind: 'choice', choices: YES_NO_UNKNOWN, display: 'radio', required: true },
    { name: 'admission_date', label: 'Date of admission', section: 'clinical', kind: 'date', when: { field: 'hospitalised', in: ['yes'] } },
    { name: 'outcome', label: 'Outcome', section: 'clinical', kind: 'choice', choices: OUTCOMES, display: 'radio', required: true },
    {
      name: 'specimen',
      label: 'Specimen',
      section: 'specimen',
      kind: 'choice',
      choices: d.specimens.map((s) => SPECIMEN[s].choice),
      display: 'radio',
      required: true,
    },
  );
  return {
    namespace: 'ph',
    sections: [
      { key: 'case', title: 'Case' },
      { key: 'vaccination', title: 'Vaccination' },
      { key: 'exposure', title: 'Travel and contact' },
      { key: 'clinical', title: 'Hospitalisation and outcome' },
      { key: 'specimen', title: 'Specimen' },
    ],
    fields,
  };
}

/** Request-form fields that are also client identifiers: the EPID number. */
export const PH_FORM_IDENTIFIER_TYPES = { epid_number: 'EPID number' } as const;

// --- Tests, vocabularies and positives -------------------------------------------------------------------

/** The catalogue codes of the public-health PCR panels and their members. */
export const PH_CODES = {
  LASSA_PCR: 'LASSA-PCR',
  LASSA_RESULT: 'LASSA-PCR-RESULT',
  LASSA_GPC_CT: 'LASSA-PCR-GPC-CT',
  LASSA_L_CT: 'LASSA-PCR-L-CT',
  COVID_PCR: 'COVID-PCR',
  COVID_RESULT: 'COVID-PCR-RESULT',
  COVID_E_CT: 'COVID-PCR-E-CT',
  COVID_N_CT: 'COVID-PCR-N-CT',
  COVID_RDRP_CT: 'COVID-PCR-RDRP-CT',
  COVID_AG: 'COVID-AG',
  MPXV_PCR: 'MPXV-PCR',
  MPXV_RESULT: 'MPXV-PCR-RESULT',
  MPXV_CT: 'MPXV-PCR-CT',
  YF_PCR: 'YF-PCR',
  YF_RESULT: 'YF-PCR-RESULT',
  YF_CT: 'YF-PCR-CT',
} as const;
const NO_CT = ['NOT DETECTED', 'INVALID'];

/** The results that are positive, by test code, and the programme each test belongs to: the catalogues' `positive` values. */
export const PH_POSITIVE_RESULTS = POSITIVE_RESULTS;

const text = (v: unknown) => (v == null ? '' : String(v).trim());

/** Is this result positive (it found the disease)? */
export const phPositive = (testCode: string, value: unknown): boolean => PH_POSITIVE_RESULTS[testCode]?.values.includes(text(value)) ?? false;

/** The flag a positive result of a notifiable disease raises: the disease's name and POSITIVE. */
export const notifiableFlag = (program: string): string => `${program.toUpperCase()} POSITIVE`;

/** Every flag a notifiable positive can raise (the "to notify" list reads results carrying one); filled with PH_NOTIFIABLE_PROGRAMMES. */
export const PH_NOTIFY_FLAGS: string[] = [];

/** Count a programme's positives as notifiable (the registry, for a definition that says so). */
export function addNotifiable(program: string): void {
  if (PH_NOTIFIABLE_PROGRAMMES.includes(program)) return;
  PH_NOTIFIABLE_PROGRAMMES.push(program);
  PH_NOTIFY_FLAGS.push(notifiableFlag(program));
}

/** The flag of one coded public-health result: the disease's "… POSITIVE" when it is positive and the disease notifiable, else null. */
export function phFlag(testCode: string, value: unknown): string | null {
  const positive = PH_POSITIVE_RESULTS[testCode];
  if (!positive?.values.includes(text(value))) return null;
  return PH_NOTIFIABLE_PROGRAMMES.includes(positive.program) ? notifiableFlag(positive.program) : null;
}

/** A Ct member is settled as not applying once its result member says NOT DETECTED or INVALID. */
export function phMemberNotApplicable(testCode: string, sample: readonly { code: string; value: string | number | null }[]): boolean {
  const on = ctResultOf(testCode);
  if (!on) return false;
  const result = sample.find((r) => r.code === on);
  return result != null && NO_CT.includes(text(result.value));
}

/** Why a result asks for a new run: an inconclusive or invalid PCR. */
export function phRetestReason(testCode: string, value: unknown): 'inconclusive' | 'invalid' | null {
  const v = text(value);
  if (v === 'INCONCLUSIVE') return 'inconclusive';
  if (v === 'INVALID' && (keyMemberCodes().includes(testCode) || /-PCR$|-TOX$/.test(testCode))) return 'invalid';
  return null;
}

/** The banner the report prints above the results of a notifiable positive. */
export function phHeadline(flags: readonly string[]): string | null {
  const flag = flags.find((f) => PH_NOTIFY_FLAGS.includes(f));
  return flag ? `${flag}: NOTIFIABLE DISEASE. Notify the LGA DSNO within 24 hours.` : null;
}

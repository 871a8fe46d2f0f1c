/**
 * The FHIR R4 door's shared vocabulary (`/fhir`): the systems the product names its identifiers and codes with, the
 * catalogue's units in UCUM, and the ids of the programme-level resources (CodeSystem, Questionnaire).
 */

/** The product's own namespace for identifier systems and canonical URLs (stable: EMRs store them). */
export const FHIR_NAMESPACE = 'https://nlims.ng/fhir';

export const FHIR_SYSTEMS = {
  /** An order's laboratory number (ServiceRequest.requisition, Specimen.accessionIdentifier, DiagnosticReport). */
  labNumber: `${FHIR_NAMESPACE}/sid/lab-number`,
  /** A sample's barcode label (the lab number, then -2, -3…). */
  barcode: `${FHIR_NAMESPACE}/sid/sample-barcode`,
  /** A facility's code. */
  facilityCode: `${FHIR_NAMESPACE}/sid/facility-code`,
  /** The catalogue's own test codes (beside LOINC). */
  testCode: `${FHIR_NAMESPACE}/CodeSystem/test-code`,
  /** The seeded sample types' codes (Specimen.type). */
  sampleType: `${FHIR_NAMESPACE}/CodeSystem/sample-type`,
  /** The programmes (ServiceRequest.category, Questionnaire). */
  programme: `${FHIR_NAMESPACE}/CodeSystem/programme`,
  loinc: 'http://loinc.org',
  snomed: 'http://snomed.info/sct',
  /** HL7 v2 table 0203, the kinds of identifier (PLAC: the placer's order number, ACSN: the accession number). */
  identifierType: 'http://terminology.hl7.org/CodeSystem/v2-0203',
  ucum: 'http://unitsofmeasure.org',
  interpretation: 'http://terminology.hl7.org/CodeSystem/v3-ObservationInterpretation',
  observationCategory: 'http://terminology.hl7.org/CodeSystem/observation-category',
  diagnosticServiceSection: 'http://terminology.hl7.org/CodeSystem/v2-0074',
} as const;

/**
 * The seeded sample types (by their catalogue code) as SNOMED CT specimen concepts: an order's Specimen.type may name
 * its type by the catalogue's code (FHIR_SYSTEMS.sampleType), by one of these, or by the type's name.
 */
export const SAMPLE_TYPE_SNOMED: Readonly<Record<string, { code: string; display: string }>> = {
  'WB-EDTA': { code: '258580003', display: 'Whole blood sample' },
  SER: { code: '119364003', display: 'Serum specimen' },
  PLA: { code: '119361006', display: 'Plasma specimen' },
  DBS: { code: '440500007', display: 'Dried blood spot specimen' },
  SPU: { code: '119334006', display: 'Sputum specimen' },
  URI: { code: '122575003', display: 'Urine specimen' },
  STO: { code: '119339001', display: 'Stool specimen' },
  CSF: { code: '258450006', display: 'Cerebrospinal fluid sample' },
  NPS: { code: '258500001', display: 'Nasopharyngeal swab' },
  CAP: { code: '122554006', display: 'Capillary blood specimen' },
};

/** The catalogue code of a sample type named by a SNOMED CT specimen concept, or null. */
export const sampleTypeOfSnomed = (code: string): string | null => Object.entries(SAMPLE_TYPE_SNOMED).find(([, concept]) => concept.code === code)?.[0] ?? null;

/** A name as a FHIR id or URL segment: "Viral Load" → "viral-load", "ART number" → "art-number". */
export const fhirSlug = (name: string): string =>
  name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 64) || 'x';

/** The system of a client identifier type ("ART number" → …/sid/art-number). */
export const identifierSystem = (typeName: string): string => `${FHIR_NAMESPACE}/sid/${fhirSlug(typeName)}`;

/** A programme's coded results as one CodeSystem: its id and canonical URL. */
export const resultsCodeSystemId = (programme: string): string => `${fhirSlug(programme)}-results`;
export const resultsCodeSystemUrl = (programme: string): string => `${FHIR_NAMESPACE}/CodeSystem/${resultsCodeSystemId(programme)}`;

/** A programme's request form as a Questionnaire: its id and canonical URL. */
export const questionnaireId = (programme: string): string => fhirSlug(programme);
export const questionnaireUrl = (programme: string): string => `${FHIR_NAMESPACE}/Questionnaire/${questionnaireId(programme)}`;

/**
 * The catalogue's units as UCUM codes (http://unitsofmeasure.org): what a Quantity carries in `code`, the unit as the
 * laboratory writes it staying in `unit`. A unit absent here (e.g. "AFB/100 fields", a count per microscope fields)
 * has no UCUM code and goes as text only.
 */
export const UCUM_UNITS: Readonly<Record<string, string>> = {
  '%': '%',
  'U/L': 'U/L',
  'cells/µL': '{cells}/uL',
  'copies/mL': '{copies}/mL',
  'log10 copies/mL': '{Log_copies}/mL',
  days: 'd',
  fL: 'fL',
  'g/L': 'g/L',
  'g/dL': 'g/dL',
  'mIU/L': 'm[IU]/L',
  'mg/L': 'mg/L',
  'mg/dL': 'mg/dL',
  'mm/hr': 'mm/h',
  'mmol/L': 'mmol/L',
  'ng/mL': 'ng/mL',
  'parasites/µL': '{parasites}/uL',
  pg: 'pg',
  'pmol/L': 'pmol/L',
  s: 's',
  'µmol/L': 'umol/L',
  '×10¹²/L': '10*12/L',
  '×10⁹/L': '10*9/L',
};

/** The UCUM code of a catalogue unit, or null (then the unit goes as text only). */
export const ucumOf = (unit: string | null | undefined): string | null => (unit ? (UCUM_UNITS[unit.trim()] ?? null) : null);

/** The FHIR page size: the default and the most a caller may ask with `_count`. */
export const FHIR_PAGE_DEFAULT = 20;
export const FHIR_PAGE_MAX = 100;

import { z } from 'zod';
import { dbId, idParam, oneLine } from '../input.js';

/**
 * Worksheets (DOMAIN "Worksheets and analysers"): a plate or a set of modules
 * of one analyser, laid out by a template — where its controls and blanks
 * sit, and the order the samples fill the free positions — loaded from the
 * workplan, printed as a plate map and a worklist, and closed by the
 * analyser's results file.
 */

/** Plate sizes: 96, 48 and 24 wells; a GeneXpert of 16 or 4 modules. */
export const PLATE_SIZES = [96, 48, 24, 16, 4] as const;
export type PlateSize = (typeof PLATE_SIZES)[number];

/** Rows × columns of each size; wells are named row letter + column number (A1…H12; a GeneXpert's modules A1…D4). */
export const PLATE_GRID: Record<PlateSize, { rows: number; columns: number }> = {
  96: { rows: 8, columns: 12 },
  48: { rows: 6, columns: 8 },
  24: { rows: 4, columns: 6 },
  16: { rows: 4, columns: 4 },
  4: { rows: 1, columns: 4 },
};

export const FILL_ORDERS = ['column', 'row'] as const;
export type FillOrder = (typeof FILL_ORDERS)[number];

/** The results files the laboratory's analysers write, each read by its own reader. */
export const RESULT_FILE_FORMATS = ['abbott-m2000', 'roche-cobas-4800', 'roche-cobas-6800', 'genexpert', 'generic-csv'] as const;
export type ResultFileFormat = (typeof RESULT_FILE_FORMATS)[number];

/** The wells of a plate in the order its samples fill them: down each column (A1, B1 … H1, A2 …) or along each row. */
export function plateWells(size: PlateSize, fill: FillOrder = 'column'): string[] {
  const { rows, columns } = PLATE_GRID[size];
  const letters = Array.from({ length: rows }, (_, r) => String.fromCharCode(65 + r));
  const cols = Array.from({ length: columns }, (_, c) => c + 1);
  return fill === 'row' ? letters.flatMap((l) => cols.map((c) => `${l}${c}`)) : cols.flatMap((c) => letters.map((l) => `${l}${c}`));
}

/**
 * What a position holds. A control is judged by what it expects: nothing (negative) or a value (positive, against
 * its QC material). A duplicate runs again the sample that lands in the well it names; its value is recorded beside
 * the sample's, never entered.
 */
export const POSITION_KINDS = ['sample', 'control', 'blank', 'duplicate'] as const;
export type PositionKind = (typeof POSITION_KINDS)[number];
export const CONTROL_EXPECTS = ['negative', 'positive'] as const;

const required = 'This field is required.';
const well = z
  .string({ error: required })
  .trim()
  .toUpperCase()
  .regex(/^[A-P](?:[1-9]|1[0-9]|2[0-4])$/, 'Enter a well such as A1 or H12.');

export const templateControl = z.object({
  well,
  kind: z.enum(['control', 'blank', 'duplicate']).default('control'),
  label: z.string().trim().min(1, 'This field may not be blank.').max(60),
  /** A duplicate's sample well: the position whose sample it runs again. */
  of: well.nullable().default(null),
  expect: z.enum(CONTROL_EXPECTS).default('positive'),
  /** The QC material (level) this control is, when its value is judged by the Westgard rules. */
  material: dbId().nullable().default(null),
});
export type TemplateControl = z.output<typeof templateControl>;

/** A saved mapping of a laboratory's own CSV: which column holds what. */
export const columnMapping = z.object({
  sampleId: z.string().trim().min(1, 'This field may not be blank.').max(60),
  value: z.string().trim().min(1, 'This field may not be blank.').max(60),
  well: z.string().trim().max(60).optional(),
  kind: z.string().trim().max(60).optional(),
  controlWord: z.string().trim().max(30).optional(),
  error: z.string().trim().max(60).optional(),
});
export type ColumnMappingShape = z.output<typeof columnMapping>;

/** `worksheet_template/`: the layout of one analyser's plate for one test. */
export const worksheetTemplateBody = z
  .object({
    name: z.string().trim().min(1, 'This field may not be blank.').max(120),
    test_type: dbId({ error: required }),
    /** The analyser it runs on, when the template is for one (a machine setting of the facility). */
    machine: dbId().nullable().default(null),
    format: z.enum(RESULT_FILE_FORMATS, { error: `Choose one of: ${RESULT_FILE_FORMATS.join(', ')}.` }),
    size: z.literal([...PLATE_SIZES], { error: `Choose one of: ${PLATE_SIZES.join(', ')}.` }),
    fill: z.enum(FILL_ORDERS).default('column'),
    controls: z.array(templateControl).max(24, 'Ensure this field has no more than 24 elements.').default([]),
    /** For the generic CSV format: the saved column mapping. */
    mapping: columnMapping.nullable().default(null),
    is_active: z.boolean().default(true),
  })
  .superRefine((b, ctx) => {
    const wells = new Set(plateWells(b.size as PlateSize));
    const seen = new Set<string>();
    b.controls.forEach((c, i) => {
      if (!wells.has(c.well)) ctx.addIssue({ code: 'custom', path: ['controls', i, 'well'], message: `A ${b.size}-position plate has no well ${c.well}.` });
      else if (seen.has(c.well)) ctx.addIssue({ code: 'custom', path: ['controls', i, 'well'], message: `Well ${c.well} is used twice.` });
      seen.add(c.well);
    });
    const layout = new Set(b.controls.map((c) => c.well));
    b.controls.forEach((c, i) => {
      if (c.kind !== 'duplicate') return;
      if (!c.of) ctx.addIssue({ code: 'custom', path: ['controls', i, 'of'], message: 'Name the sample well this duplicate repeats.' });
      else if (!wells.has(c.of) || layout.has(c.of))
        ctx.addIssue({ code: 'custom', path: ['controls', i, 'of'], message: `Well ${c.of} is not a sample position of this plate.` });
    });
    if (b.controls.length >= wells.size) ctx.addIssue({ code: 'custom', path: ['controls'], message: 'Leave at least one position for samples.' });
    if (b.format === 'generic-csv' && !b.mapping) ctx.addIssue({ code: 'custom', path: ['mapping'], message: 'A generic CSV needs its column mapping.' });
  });
export type WorksheetTemplateBody = z.input<typeof worksheetTemplateBody>;

export const worksheetTemplateItem = z.object({
  id: z.number(),
  facility: z.number(),
  name: z.string(),
  test_type: z.number(),
  test_type_name: z.string().nullable(),
  program_name: z.string().nullable(),
  machine: z.number().nullable(),
  format: z.enum(RESULT_FILE_FORMATS),
  size: z.number(),
  fill: z.enum(FILL_ORDERS),
  controls: z.array(templateControl),
  mapping: columnMapping.nullable(),
  is_active: z.boolean(),
});
export type WorksheetTemplateItem = z.infer<typeof worksheetTemplateItem>;

export const WORKSHEET_STATES = ['open', 'closed', 'failed', 'cancelled'] as const;
export type WorksheetState = (typeof WORKSHEET_STATES)[number];

/** `POST worksheet/`: the template, the analyser, and the samples' tests by well (the controls come from the template). */
export const worksheetCreateBody = z.object({
  template: dbId({ error: required }),
  machine: dbId().nullable().default(null),
  positions: z
    .array(z.object({ well, test_order: dbId({ error: required }) }), { error: required })
    .min(1, 'Put at least one sample on the worksheet.')
    .max(96, 'Ensure this field has no more than 96 elements.'),
});
export type WorksheetCreateBody = z.input<typeof worksheetCreateBody>;

/** A sample's test waiting on the workplan for a worksheet of this test. */
export const worksheetCandidate = z.object({
  test_order: z.number(),
  sample: z.number(),
  barcode: z.string(),
  priority: z.string(),
  received_at: z.string().nullable(),
  due_at: z.string().nullable(),
});
export type WorksheetCandidate = z.infer<typeof worksheetCandidate>;

/** `GET worksheet/proposal/?template=`: the template's plate, its free wells filled from the workplan (urgent first, then oldest), and the samples left over. */
export const worksheetProposalQuery = z.object({ template: idParam });
export const worksheetProposal = z.object({
  template: worksheetTemplateItem,
  placed: z.array(worksheetCandidate.extend({ well: z.string() })),
  waiting: z.array(worksheetCandidate),
});
export type WorksheetProposal = z.infer<typeof worksheetProposal>;

export const worksheetPosition = z.object({
  well: z.string(),
  /** A duplicate's sample well. */
  of: z.string().nullable(),
  kind: z.enum(POSITION_KINDS),
  label: z.string(),
  expect: z.enum(CONTROL_EXPECTS).nullable(),
  material: z.number().nullable(),
  test_order: z.number().nullable(),
  sample: z.number().nullable(),
  barcode: z.string().nullable(),
  priority: z.string().nullable(),
  /** After the results file: the value as the file wrote it, as read (wire form), and what became of it. */
  result_text: z.string().nullable(),
  result_value: z.string().nullable(),
  outcome: z.enum(['entered', 'retest', 'passed', 'failed']).nullable(),
  note: z.string().nullable(),
});
export type WorksheetPosition = z.infer<typeof worksheetPosition>;

export const worksheetItem = z.object({
  id: z.number(),
  number: z.string(),
  state: z.enum(WORKSHEET_STATES),
  template: z.number(),
  template_name: z.string(),
  test_type: z.number(),
  test_type_name: z.string(),
  program_name: z.string(),
  machine: z.number().nullable(),
  machine_name: z.string().nullable(),
  format: z.enum(RESULT_FILE_FORMATS),
  size: z.number(),
  samples: z.number(),
  created_by_name: z.string(),
  created_at: z.string(),
  closed_at: z.string().nullable(),
  file_name: z.string().nullable(),
  qc_run: z.number().nullable(),
  reason: z.string().nullable(),
});
export type WorksheetItem = z.infer<typeof worksheetItem>;

export const worksheetDetail = worksheetItem.extend({ positions: z.array(worksheetPosition) });
export type WorksheetDetail = z.infer<typeof worksheetDetail>;

/** `GET worksheet/`: `state` (open, or the archive: closed, failed, cancelled), `search` (a worksheet number or a sample's barcode), `date` (created that day). */
export const worksheetListQuery = z.object({
  state: z.enum(['open', 'archive']).default('open'),
  search: z.string().trim().max(100).default(''),
  date: z.iso.date("Invalid date format, Accepted format 'YYYY-MM-DD'").optional(),
  program: z.string().trim().max(100).optional(),
  page: z.coerce.number().int('A valid integer is required.').min(1).max(10_000).default(1),
  page_size: z.coerce.number().int('A valid integer is required.').min(1).max(100).default(20),
});
export const worksheetList = z.object({ count: z.number(), results: z.array(worksheetItem) });

/** `POST worksheet/{id}/import/` (preview) and `…/results/` (save): the analyser's results file, as text. */
export const resultFileBody = z.object({
  file_name: oneLine(z.string().trim().min(1, 'This field may not be blank.').max(200)),
  content: z.string({ error: required }).min(1, 'The file is empty.').max(2_000_000, 'The file is larger than 2 MB.'),
});
export type ResultFileBody = z.input<typeof resultFileBody>;

/** One line of the file as the import reads it: matched to a position, a control, or shown apart. */
export const importRow = z.object({
  line: z.number(),
  sample_id: z.string(),
  file_well: z.string().nullable(),
  well: z.string().nullable(),
  /** A sample's line, its duplicate's, a control's, or one for an ID not on the plate. */
  kind: z.enum(['sample', 'duplicate', 'control', 'unmatched']),
  text: z.string(),
  value: z.string().nullable(),
  problem: z.string().nullable(),
});
export type ImportRow = z.infer<typeof importRow>;

export const importControl = z.object({
  well: z.string(),
  label: z.string(),
  text: z.string().nullable(),
  passed: z.boolean(),
  reason: z.string().nullable(),
});

export const importPreview = z.object({
  worksheet: z.number(),
  format: z.enum(RESULT_FILE_FORMATS),
  rows: z.array(importRow),
  controls: z.array(importControl),
  /** Samples on the plate the file has no result for. */
  missing: z.array(z.object({ well: z.string(), barcode: z.string() })),
  /** The controls pass: the samples' results can be saved; otherwise they go back for retest. */
  passed: z.boolean(),
  counts: z.object({ results: z.number(), retest: z.number(), unmatched: z.number() }),
});
export type ImportPreview = z.infer<typeof importPreview>;

export const importSaved = importPreview.extend({ state: z.enum(WORKSHEET_STATES), qc_run: z.number().nullable() });
export type ImportSaved = z.infer<typeof importSaved>;

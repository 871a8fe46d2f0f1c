/**
 * An Abbott m2000rt results log written in the instrument's shape — a plate section, a data-reduction table that
 * also starts "Location", then the tab-separated "Result Information" — for the demo's archived worksheet, the
 * benchmark and the tests; the reader (abbott-m2000.ts) reads it as it reads the instrument's own.
 */
export const M2000_RESULT_COLUMNS = [
  'Location',
  'Well',
  'Status',
  'SampleId',
  'SampleType',
  'AssayName',
  'SampleStatus',
  'ResultStatus',
  'Flags',
  'ErrorCode',
  'ErrorDescription',
  'FinalResult',
  'ReportedResult',
  'Interpretation',
] as const;

const RULE = '='.repeat(65);

/** One well's line: its location, sample ID, type (Control / Patient), reported result, and any other columns. */
export function m2000Row(well: string, id: string, type: 'Control' | 'Patient', reported: string, extra: Partial<Record<string, string>> = {}): string[] {
  const cells: Partial<Record<string, string>> = {
    Location: well,
    Well: well.slice(1),
    Status: 'Valid',
    SampleId: id,
    SampleType: type,
    AssayName: 'HIV0.6ml',
    ReportedResult: reported,
    ...extra,
  };
  return M2000_RESULT_COLUMNS.map((c) => cells[c] ?? '');
}

export function writeM2000Log(rows: string[][], plate = 'PLATE', columns: readonly string[] = M2000_RESULT_COLUMNS): string {
  return [
    RULE,
    '                       Plate Information                         ',
    RULE,
    `Plate Name                \t${plate}\t`,
    'Plate Type                \tPCRPlate\t',
    'AD App Name               \t0.6ml HIV-1 RNA\t',
    RULE,
    '        Assay [HIV0.6ml] / [3.00] Data Reduction Information',
    RULE,
    'Target Dye [FAM] parameters:',
    'DF3 = 1',
    'Location\tWell\tCN\tCt\tFCN\tTags\t',
    'A1\t1\t-1.00\t-1.00\t29.02\t\t',
    RULE,
    '                      Result Information                         ',
    RULE,
    `${columns.join('\t')}\t`,
    ...rows.map((r) => `${r.join('\t')}\t`),
    '',
  ].join('\r\n');
}

import { type FileRow, linesOf, type ReadOptions, readTable, readValue, requireColumns, ResultFileError } from './read.js';

/**
 * The Abbott m2000rt results log: sections under `====` rules (plate, data
 * reduction, calibration), then "Result Information", a tab-separated table
 * whose header starts `Location  Well  Status  SampleId  SampleType …`. The
 * reported value is `ReportedResult` ("767 Copies / mL", "< 40 Copies / mL",
 * "Not detected"); a well is in error when its `Status` is not Valid or it
 * carries an error code.
 */
export function readAbbottM2000(content: string, options: ReadOptions = {}): FileRow[] {
  const lines = linesOf(content);
  const section = lines.findIndex((l) => l.trim() === 'Result Information');
  if (section < 0) throw new ResultFileError(null, null, 'no "Result Information" section: is this an Abbott m2000 results log?');
  const headerIndex = lines.findIndex((l, i) => i > section && /^Location\t/.test(l));
  if (headerIndex < 0) throw new ResultFileError(section + 1, null, 'the "Result Information" section has no table header.');
  const { header, rows } = readTable(lines, headerIndex + 1, '\t', (l) => /^={5,}/.test(l));
  requireColumns(header, headerIndex + 1, ['Location', 'SampleId', 'SampleType', 'ReportedResult']);
  return rows.map(({ line, cells }) => {
    const sampleId = cells.SampleId!;
    if (!sampleId) throw new ResultFileError(line, 'SampleId', 'no sample ID.');
    const status = cells.Status ?? '';
    const code = [cells.ErrorCode, cells.ErrorDescription].filter(Boolean).join(' ');
    const text = cells.ReportedResult!;
    return {
      line,
      sampleId,
      well: cells.Location || null,
      kind: cells.SampleType === 'Control' ? 'control' : cells.SampleType === 'Patient' ? 'patient' : null,
      text,
      value: readValue(text, options),
      error: code || (status && status !== 'Valid' ? status : null),
    };
  });
}

import { type FileRow, linesOf, type ReadOptions, readTable, readValue, requireColumns, ResultFileError } from './read.js';

/** Which columns of a laboratory's own CSV hold what (saved per instrument). */
export interface ColumnMapping {
  sampleId: string;
  value: string;
  well?: string;
  /** A column saying what the row is, and the word in it that marks a control. */
  kind?: string;
  controlWord?: string;
  error?: string;
}

/** Any delimited results file, read by a saved column mapping; the header is the first line that names the sample ID column. */
export function readGenericCsv(content: string, mapping: ColumnMapping, options: ReadOptions = {}): FileRow[] {
  const lines = linesOf(content);
  const headerIndex = lines.findIndex((l) => l.includes(mapping.sampleId));
  if (headerIndex < 0) throw new ResultFileError(1, mapping.sampleId, 'no header names this column.');
  const { header, rows } = readTable(lines, headerIndex + 1, [',', ';', '\t']);
  requireColumns(header, headerIndex + 1, [mapping.sampleId, mapping.value, ...[mapping.well, mapping.kind, mapping.error].filter((c): c is string => !!c)]);
  const controlWord = (mapping.controlWord ?? 'control').toLowerCase();
  return rows.map(({ line, cells }) => {
    const sampleId = cells[mapping.sampleId]!;
    if (!sampleId) throw new ResultFileError(line, mapping.sampleId, 'no sample ID.');
    const text = cells[mapping.value]!;
    const kind = mapping.kind ? cells[mapping.kind]!.toLowerCase() : null;
    return {
      line,
      sampleId,
      well: mapping.well ? cells[mapping.well] || null : null,
      kind: kind == null ? null : kind.includes(controlWord) ? 'control' : 'patient',
      text,
      value: readValue(text, options),
      error: mapping.error ? cells[mapping.error] || null : null,
    };
  });
}

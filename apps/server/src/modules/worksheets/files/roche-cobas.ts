import { type FileRow, linesOf, type ReadOptions, readTable, readValue, requireColumns, ResultFileError } from './read.js';

/**
 * The Roche cobas 4800 export: a delimited table with `SpecimenId`,
 * `TestType` (HIV-1, HIV-1-qual-DBS), `SpecimenType` (controls say
 * "Control"), `Result Name` and `Value` ("1.23E+03 cp/mL", "Target Not
 * Detected", "< LL" at or below the assay's limit).
 */
export function readCobas4800(content: string, options: ReadOptions = {}): FileRow[] {
  const lines = linesOf(content);
  const headerIndex = lines.findIndex((l) => /SpecimenId/i.test(l));
  if (headerIndex < 0) throw new ResultFileError(1, 'SpecimenId', 'no header with this column: is this a cobas 4800 export?');
  const { header, rows } = readTable(lines, headerIndex + 1, [',', ';', '\t']);
  requireColumns(header, headerIndex + 1, ['SpecimenId', 'Value']);
  return rows.map(({ line, cells }) => {
    const sampleId = cells.SpecimenId!;
    if (!sampleId) throw new ResultFileError(line, 'SpecimenId', 'no sample ID.');
    const text = cells.Value!;
    const type = cells.SpecimenType ?? '';
    return {
      line,
      sampleId,
      well: cells.Position || cells.Well || null,
      kind: /control/i.test(type) ? 'control' : type ? 'patient' : null,
      text,
      value: readValue(text, options),
      error: /^(?:invalid|failed|error)/i.test(text) ? text : null,
    };
  });
}

/**
 * The cobas 6800/8800 export, HL7-like: segments one per line, fields by `|`;
 * `OBR|1|<sample ID>` opens a sample, and the value is OBX-5 (its unit OBX-6)
 * of the result that follows it.
 */
export function readCobas6800(content: string, options: ReadOptions = {}): FileRow[] {
  const lines = linesOf(content);
  if (!lines.some((l) => l.startsWith('OBR|'))) throw new ResultFileError(null, null, 'no OBR segment: is this a cobas 6800/8800 export?');
  const rows: FileRow[] = [];
  let sample: { id: string; line: number } | null = null;
  lines.forEach((l, i) => {
    const fields = l.split('|');
    if (fields[0] === 'OBR') {
      const id = (fields[2] ?? '').split('^')[0]!.trim();
      if (!id) throw new ResultFileError(i + 1, 'OBR-2', 'no sample ID.');
      sample = { id, line: i + 1 };
    } else if (fields[0] === 'OBX') {
      if (!sample) throw new ResultFileError(i + 1, 'OBX', 'a result before any OBR segment.');
      const current: { id: string; line: number } = sample;
      const text = [fields[5] ?? '', fields[6] ?? '']
        .map((f) => f.split('^')[0]!.trim())
        .filter(Boolean)
        .join(' ');
      const status = (fields[11] ?? '').trim();
      rows.push({
        line: i + 1,
        sampleId: current.id,
        well: null,
        kind: null,
        text,
        value: readValue(text, options),
        error: status === 'X' ? 'The instrument could not obtain a result (OBX-11 X).' : null,
      });
      sample = null;
    }
  });
  return rows;
}

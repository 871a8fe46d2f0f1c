import { type AssayLimits, type InstrumentValue, readInstrumentValue } from '@nlims/contracts';
import { parse } from 'csv-parse/sync';

/**
 * Reading an analyser's results file (DOMAIN "Worksheets and analysers"):
 * each format's reader turns the file into rows — the sample ID as the
 * instrument read it, its well, whether the file calls it a control, the value
 * cell read onto the censored-number model, and the instrument's own error —
 * or refuses the file naming the line and the column. Matching rows to a
 * worksheet's positions happens after, on the rows alone.
 */

export interface FileRow {
  /** The file's line the row came from (1-based), for messages. */
  line: number;
  sampleId: string;
  well: string | null;
  /** What the file says it is, when it says: a control or a patient's sample. */
  kind: 'control' | 'patient' | null;
  /** The value cell as written, and as read. */
  text: string;
  value: InstrumentValue;
  /** The instrument's error or invalid status for this well, if any. */
  error: string | null;
}

/** A file that cannot be read: where, and why. */
export class ResultFileError extends Error {
  constructor(
    readonly line: number | null,
    readonly column: string | null,
    message: string,
  ) {
    super(`${line != null ? `Line ${line}` : 'The file'}${column ? `, column "${column}"` : ''}: ${message}`);
  }
}

export interface ReadOptions {
  limits?: AssayLimits;
}

/**
 * A delimited table starting at line `first` (1-based) of `lines`: its header's columns and its rows, each with its
 * line. Stops at the first line `end` says ends the table.
 */
export function readTable(
  lines: readonly string[],
  first: number,
  delimiter: string | string[],
  end: (line: string) => boolean = () => false,
): { header: string[]; rows: { line: number; cells: Record<string, string> }[] } {
  let last = first;
  while (last < lines.length && !end(lines[last]!)) last++;
  const text = lines.slice(first - 1, last).join('\n');
  let records: string[][];
  try {
    records = parse(text, { delimiter, relax_column_count: true, relax_quotes: true, skip_empty_lines: false, bom: true, trim: true });
  } catch (error) {
    const at = (error as { lines?: number }).lines;
    throw new ResultFileError(at != null ? first + at - 1 : null, null, 'the table cannot be read as delimited text.');
  }
  const [header = [], ...body] = records;
  const names = header.map((h) => h.trim());
  const rows = body.flatMap((cells, i) =>
    cells.every((c) => c === '') ? [] : [{ line: first + 1 + i, cells: Object.fromEntries(names.map((n, j) => [n, cells[j] ?? ''])) }],
  );
  return { header: names, rows };
}

/** The columns a reader needs, each present in the header, or the file refused naming the first missing one. */
export function requireColumns(header: readonly string[], line: number, columns: readonly string[]): void {
  for (const column of columns) if (!header.includes(column)) throw new ResultFileError(line, column, 'this column is missing.');
}

/** A row's value cell read against the assay's limits. */
export const readValue = (text: string, options: ReadOptions): InstrumentValue => readInstrumentValue(text, options.limits);

/** The file's lines, whatever its line ends. */
export const linesOf = (content: string): string[] => content.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/);

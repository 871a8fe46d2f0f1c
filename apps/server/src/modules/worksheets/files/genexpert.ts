import { parse } from 'csv-parse/sync';
import { type FileRow, type ReadOptions, ResultFileError, readValue } from './read.js';

/**
 * The Cepheid GeneXpert Dx software's export of test results ("Export" to a
 * .csv file). Its shape was learnt from a real GeneXpert Dx 4.6 export kept as
 * a test file by the SENAITE (Bika LIMS) GeneXpert importer, from OpenELIS
 * Global's GeneXpertFile analyser plugin, from the VLSM (Viral Load Sample
 * Management) GeneXpert import for viral load and EID, and from an R package
 * that cleans Xpert results for TB programmes; the code and the test files
 * here are our own.
 *
 * Not a table but sections, each opened by an upper-case line of one cell
 * ("ASSAY INFORMATION", "RESULT TABLE", "OPTICAL DATA"…). In "RESULT TABLE"
 * each test is a run of `key,value` lines starting with `Sample ID`, a key
 * with no value written alone ("Patient ID"):
 *
 *   Sample ID,YB-1 / Patient ID / Assay,Xpert HIV-1 Viral Load / Test Type,Specimen
 *   (or Positive Control, Negative Control) / Sample Type / Notes /
 *   Test Result,HIV-1 DETECTED 1.23E+03 copies/mL (Log 3.09) / … /
 *   Module Name,A1 / … / Error Status,OK / Status,Done / User,…
 *
 * with sub-sections among them, each a one-cell title ("History", "Analyte
 * Result", "Detail", "Melt Peaks", "Errors", "Messages", "Run History") and
 * its lines or "<None>" up to a blank line. "OPTICAL DATA" repeats the Sample
 * ID, so the section ends a test. The software writes UTF-16 (see
 * `decodeGeneXpertFile`); keys and values are split on a comma, or on a
 * semicolon where the computer's list separator is one.
 *
 * A `Test Result` reads onto the censored-number model when it is one
 * target's count: "HIV-1 DETECTED 1.23E+03 copies/mL (Log 3.09)" (the log is
 * dropped), "HIV-1 DETECTED < 4.00E+01 copies/mL", "HIV-1 DETECTED > 1.00E+07
 * copies/mL", "HIV-1 NOT DETECTED" (target not detected); "HBV DETECTED …
 * IU/mL" alike. A qualitative result — "HIV-1 DETECTED" with no count, a TB
 * result ("MTB DETECTED MEDIUM;Rif Resistance NOT DETECTED", even "MTB NOT
 * DETECTED": graded and with resistance, never a count), several targets
 * ("…|…|") — is returned with its text and its value not read (the reason,
 * the text), for the caller to use. ERROR, INVALID and NO RESULT, an `Error
 * Status` other than OK and a `Status` other than Done are the row's error.
 */
export function readGeneXpert(content: string, options: ReadOptions = {}): FileRow[] {
  if (content.includes('\u0000'))
    throw new ResultFileError(null, null, 'the file is UTF-16 text read as 8-bit text: decode it as UTF-16 (decodeGeneXpertFile) before reading it.');
  // A BOM opens the file, and the software also leaves one on a line of its own between sections.
  const text = content.replace(/\uFEFF/g, '').replace(/\r\n?/g, '\n');
  const delimiter = /^[ \t]*"?(?:Sample ID|Assay|Patient ID|Test Result)"?[ \t]*([,;])/m.exec(text)?.[1] ?? ',';
  const blocks = testsOf(recordsOf(text, delimiter), delimiter);
  const last = blocks.at(-1);
  for (const block of blocks) {
    if (!block.fields.has('Test Result'))
      throw new ResultFileError(block.line, 'Test Result', `the test of sample "${block.sampleId}" has no "Test Result" line: is the file cut short?`);
  }
  // The last test missing a line every other test has: the file was cut in the middle of it.
  if (last && blocks.length > 1) {
    const missing = LATE_KEYS.find((key) => !last.fields.has(key) && blocks.slice(0, -1).every((b) => b.fields.has(key)));
    if (missing) throw new ResultFileError(last.line, missing, `the test of sample "${last.sampleId}" has no "${missing}" line: is the file cut short?`);
  }
  return blocks.map((block) => rowOf(block, options));
}

/** Lines every test carries after its result; the last test without one of them shows a file cut short. */
const LATE_KEYS = ['Module Name', 'Error Status', 'Status'];
/** A test's own lines: a second one before a new `Sample ID` means that test has lost its sample ID line. */
const ONCE_KEYS = new Set(['Patient ID', 'Test Type', 'Sample Type', 'Test Result', 'Module Name', 'Error Status', 'Status']);
/** The sub-sections of a test, each a one-cell title and its lines up to a blank line. */
const SUBSECTIONS = new Set(['History', 'Analyte Result', 'Detail', 'Melt Peaks', 'Errors', 'Messages', 'Run History']);

interface CsvRecord {
  line: number;
  cells: string[];
}

interface Test {
  line: number;
  sampleId: string;
  fields: Map<string, string>;
  /** The lines of the test's "Errors" sub-section, and its "Error" line if any. */
  errors: string[];
}

/** The file's records, each with the line it starts on; refused, naming the line, when it is not delimited text. */
function recordsOf(text: string, delimiter: string): CsvRecord[] {
  const records: CsvRecord[] = [];
  let end = 0;
  try {
    parse(text, {
      delimiter,
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: false,
      trim: true,
      on_record: (cells: string[], context) => {
        records.push({ line: end + 1, cells });
        end = context.lines;
        return cells;
      },
    });
  } catch (error) {
    // The record that failed starts after the last one read.
    const line = end + 1;
    const key = (text.split('\n')[line - 1] ?? '').split(delimiter)[0]!.replace(/"/g, '').trim() || null;
    const code = (error as { code?: string }).code;
    throw new ResultFileError(
      line,
      key,
      code === 'CSV_QUOTE_NOT_CLOSED'
        ? 'a quoted cell is not closed before the end of the file: is the file cut short?'
        : 'the line cannot be read as delimited text.',
    );
  }
  return records;
}

/** A one-cell upper-case line opens a section ("RESULT TABLE", "OPTICAL DATA"): its name, or null. */
function sectionOf(cells: readonly string[]): string | null {
  const [first = '', ...rest] = cells;
  if (rest.some((c) => c !== '')) return null;
  return /^[A-Z][A-Z0-9 &/()-]*$/.test(first) && /[A-Z]{2}/.test(first) ? first : null;
}

/** The tests of the "RESULT TABLE" sections, each from its `Sample ID` line to the next test or section. */
function testsOf(records: readonly CsvRecord[], delimiter: string): Test[] {
  const tests: Test[] = [];
  let sectionLine: number | null = null;
  let inResults = false;
  let test: Test | null = null;
  let subsection: string | null = null;
  for (const { line, cells } of records) {
    if (cells.every((c) => c === '')) {
      subsection = null;
      continue;
    }
    // A sub-section's lines run to a blank line (a new test's "Sample ID" ends one too).
    if (subsection && cells[0] !== 'Sample ID') {
      if (subsection === 'Errors' && test && cells[0] !== '<None>') test.errors.push(cells.filter((c) => c !== '').join(' '));
      continue;
    }
    const section = sectionOf(cells);
    if (section) {
      inResults = section === 'RESULT TABLE';
      if (inResults) sectionLine ??= line;
      test = null;
      subsection = null;
      continue;
    }
    if (!inResults) continue;
    const key = cells[0]!;
    const values = cells.slice(1);
    while (values.length > 0 && values.at(-1) === '') values.pop();
    // A value the software did not quote is split on the delimiter it holds ("MTB DETECTED MEDIUM;Rif Resistance …"): joined again.
    const value = values.join(delimiter);
    if (key === 'Sample ID') {
      if (!value) throw new ResultFileError(line, 'Sample ID', 'no sample ID.');
      test = { line, sampleId: value, fields: new Map(), errors: [] };
      tests.push(test);
      subsection = null;
      continue;
    }
    if (!value && SUBSECTIONS.has(key)) {
      subsection = key;
      continue;
    }
    if (!test) throw new ResultFileError(line, 'Sample ID', `a "${key}" line before any "Sample ID" line: a test without its sample ID.`);
    if (ONCE_KEYS.has(key) && test.fields.has(key))
      throw new ResultFileError(line, 'Sample ID', `a second "${key}" line after sample "${test.sampleId}": the test it belongs to has no "Sample ID" line.`);
    if (key === 'Error' && value && value !== '<None>') test.errors.push(value);
    test.fields.set(key, value);
  }
  if (sectionLine == null) throw new ResultFileError(null, null, 'no "RESULT TABLE" section: is this a GeneXpert Dx export of test results?');
  if (tests.length === 0) throw new ResultFileError(sectionLine, 'Sample ID', 'the "RESULT TABLE" section has no test.');
  return tests;
}

const FAILED = /^(?:ERROR|INVALID|NO RESULT)\b/i;

function rowOf(test: Test, options: ReadOptions): FileRow {
  const field = (key: string) => test.fields.get(key) ?? '';
  const text = field('Test Result');
  const testType = field('Test Type');
  const sampleType = field('Sample Type');
  const errorStatus = field('Error Status');
  const status = field('Status');
  const { plain, count } = resultOf(text, field('Assay'));
  const read = count != null ? readValue(count, options) : null;
  const problems = [
    FAILED.test(plain) ? plain : null,
    errorStatus && !/^ok$/i.test(errorStatus) ? `Error Status ${errorStatus}` : null,
    status && !/^done$/i.test(status) ? `Status ${status}` : null,
  ].filter((p): p is string => p != null);
  return {
    line: test.line,
    sampleId: test.sampleId,
    well: field('Module Name') || null,
    kind: /control/i.test(testType) || /control/i.test(sampleType) ? 'control' : /specimen/i.test(testType) || /specimen/i.test(sampleType) ? 'patient' : null,
    text,
    // Not a count, or a count that does not read: the reason is the result as written (a reason of readValue's own is kept).
    value: read && (read.ok || read.reason !== count) ? read : { ok: false, reason: text || 'No value' },
    error: problems.length > 0 ? [problems.join(', '), ...test.errors].join(' — ') : null,
  };
}

/**
 * A `Test Result` with its "|" separators dropped (`plain`), and the count in it for `readValue` when it is one
 * target's count: "HIV-1 DETECTED 1.23E+03 copies/mL (Log 3.09)" → "1.23E+03 copies/mL", "HIV-1 NOT DETECTED" →
 * "Not detected"; `count` null when the result is not a count (several targets, a TB result, "HIV-1 DETECTED").
 */
function resultOf(text: string, assay: string): { plain: string; count: string | null } {
  const parts = text
    .split('|')
    .map((p) => p.trim())
    .filter(Boolean);
  const plain = parts.join(' | ');
  if (parts.length !== 1 || parts[0]!.includes(';') || /\bMTB\b/i.test(assay)) return { plain, count: null };
  const one = parts[0]!.replace(/\s*\(\s*log\b[^)]*\)\s*$/i, '');
  const m = /^(.*?)\s*\b(NOT\s+DETECTED|DETECTED)\b\s*(.*)$/i.exec(one);
  // No "DETECTED": "ERROR", "INVALID", or a bare count.
  if (!m) return { plain, count: one };
  const [, target, detected, rest] = m as unknown as [string, string, string, string];
  if (/\bMTB\b/i.test(target)) return { plain, count: null };
  if (/^not/i.test(detected)) return { plain, count: rest ? null : 'Not detected' };
  return { plain, count: rest || null };
}

/**
 * The exported file's bytes as text: GeneXpert Dx writes UTF-16 (little-endian, with a BOM); a file saved again
 * by a spreadsheet may be UTF-8. Without a BOM, UTF-16 is known by the zero byte beside each Latin letter.
 */
export function decodeGeneXpertFile(bytes: Uint8Array): string {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes.subarray(2));
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes.subarray(2));
  const head = bytes.subarray(0, 512);
  let zeros = 0;
  for (let i = 1; i < head.length; i += 2) if (head[i] === 0) zeros++;
  if (head.length >= 4 && zeros * 4 >= head.length) return new TextDecoder('utf-16le').decode(bytes);
  return new TextDecoder('utf-8').decode(bytes);
}

import { describe, expect, it } from 'vitest';
import { decodeGeneXpertFile, readGeneXpert } from './genexpert.js';
import { ResultFileError } from './read.js';

/** One test as the GeneXpert Dx software exports it under "RESULT TABLE". */
interface GxTest {
  sampleId: string;
  patientId?: string;
  testType: 'Specimen' | 'Positive Control' | 'Negative Control';
  result: string;
  module: string;
  errorStatus?: string;
  status?: string;
  notes?: string;
  errors?: string[];
}

const HIV_VL = 'Xpert HIV-1 Viral Load';
const MTB_RIF = 'Xpert MTB-RIF Assay G4';
const ANALYTES: Record<string, string[]> = {
  [HIV_VL]: ['HIV-1', 'QC-1', 'QC-2'],
  [MTB_RIF]: ['Probe D', 'Probe C', 'Probe E', 'Probe B', 'SPC', 'Probe A', 'QC-1', 'QC-2'],
};

/** A cell as the software writes it: quoted when it holds the delimiter or a quote. */
const cell = (value: string, d: string) => (value.includes(d) || value.includes('"') ? `"${value.replace(/"/g, '""')}"` : value);
/** A key line: the key alone when it has no value ("Patient ID"), as the software writes it. */
const kv = (key: string, value: string | undefined, d: string) => (value ? `${key}${d}${cell(value, d)}` : key);

/** A test's lines: its keys, then its sub-sections ("History", "Analyte Result", "Detail", "Errors", …), each closed by a blank line. */
function testLines(assay: string, t: GxTest, d: string, i: number): string[] {
  const analytes = ANALYTES[assay]!;
  const failed = /ERROR|INVALID|NO RESULT/.test(t.result);
  return [
    kv('Sample ID', t.sampleId, d),
    kv('Patient ID', t.patientId, d),
    kv('Assay', assay, d),
    kv('Assay Version', assay === HIV_VL ? '2' : '5', d),
    kv('Assay Type', 'In Vitro Diagnostic', d),
    kv('Test Type', t.testType, d),
    kv('Sample Type', t.testType === 'Specimen' ? undefined : t.testType, d),
    kv('Notes', t.notes, d),
    kv('Test Result', t.result, d),
    'Test Disclaimer',
    '',
    'History',
    '<None>',
    '',
    kv('Cartridge Index', String(i + 1), d),
    kv('Module Name', t.module, d),
    kv('Module S/N', `6${String(81234 + i)}`, d),
    kv('Cartridge S/N', `4${String(23456789 + i)}`, d),
    kv('Instrument S/N', '812345', d),
    kv('S/W Version', '6.4', d),
    kv('Reagent Lot ID', '12603', d),
    kv('Expiration Date', '30/06/27', d),
    kv('Start Time', `26/11/26 09:${String(10 + i).padStart(2, '0')}:04`, d),
    kv('End Time', `26/11/26 10:${String(41 + i).padStart(2, '0')}:37`, d),
    kv('Error Status', t.errorStatus ?? 'OK', d),
    kv('Status', t.status ?? 'Done', d),
    kv('User', 'lab.tech', d),
    'Run Notes',
    '',
    'Analyte Result',
    ['Analyte Name', 'Ct', 'EndPt', 'Analyte Result', 'Probe Check Result'].join(d),
    ...analytes.map((a, j) => [a, failed ? '0.0' : (24.3 + j).toFixed(1), failed ? '0' : String(180 + j * 7), failed ? 'NA' : 'POS', 'PASS'].join(d)),
    '',
    'Detail',
    ['Analyte Name', 'Prb Chk 1', 'Prb Chk 2', 'Prb Chk 3', 'Probe Check Result', '2nd Deriv Peak Height', 'Curve Fit'].join(d),
    ...analytes.map((a) => [a, '101', '154', '103', 'PASS', '0.0', 'NA'].join(d)),
    '',
    'Melt Peaks',
    '<Not applicable>',
    '',
    'Errors',
    ...(t.errors?.length ? t.errors : ['<None>']),
    '',
    'Messages',
    '<None>',
    '',
    'Run History',
    '<None>',
    // The software leaves a byte-order mark on a line of its own between sections.
    '\uFEFF',
    '',
  ];
}

/** The optical data section that follows a test in the export: it repeats the sample ID and must not be read as a test. */
const opticalData = (assay: string, t: GxTest, d: string) => [
  'OPTICAL DATA',
  kv('Sample ID', t.sampleId, d),
  'Patient ID',
  kv('Assay', assay, d),
  '<Insufficient privilege to access data>',
  '',
];

/**
 * A GeneXpert Dx export as the software writes it: BOM, CRLF, a header, "ASSAY INFORMATION", then the tests under
 * "RESULT TABLE" — all under one (`layout: 'one table'`) or each under its own followed by its optical data.
 */
function gxExport(assay: string, tests: GxTest[], { delimiter = ',', layout = 'one table' as 'one table' | 'per test' } = {}): string {
  const d = delimiter;
  const body =
    layout === 'one table'
      ? ['RESULT TABLE', ...tests.flatMap((t, i) => testLines(assay, t, d, i)), ...opticalData(assay, tests[0]!, d)]
      : tests.flatMap((t, i) => ['RESULT TABLE', ...testLines(assay, t, d, i), ...opticalData(assay, t, d)]);
  const lines = [
    'GeneXpert Dx System Version 6.4',
    '',
    'ASSAY INFORMATION',
    kv('Assay', assay, d),
    kv('Assay Version', assay === HIV_VL ? '2' : '5', d),
    kv('Assay Type', 'In Vitro Diagnostic', d),
    'Assay Disclaimer',
    '',
    ...body,
  ];
  return `\uFEFF${lines.join('\r\n')}`;
}

/** The 1-based line of the file that starts with `start` (after the `after`-th match, for repeated lines). */
function lineOf(file: string, start: string, after = 0): number {
  const lines = file.replace(/^\uFEFF/, '').split('\r\n');
  const at = lines.flatMap((l, i) => (l.startsWith(start) ? [i + 1] : []))[after];
  if (at == null) throw new Error(`no line starts with ${start}`);
  return at;
}

const limits = { lower: 40, upper: 10_000_000 };

const hivRun: GxTest[] = [
  { sampleId: 'HIV-NEG-C', testType: 'Negative Control', result: 'HIV-1 NOT DETECTED', module: 'A1' },
  { sampleId: 'HIV-POS-C', testType: 'Positive Control', result: 'HIV-1 DETECTED 2.04E+04 copies/mL (Log 4.31)', module: 'A2' },
  { sampleId: 'YB-LMD-001-26-000101', patientId: 'P-4411', testType: 'Specimen', result: 'HIV-1 DETECTED 1.23E+03 copies/mL (Log 3.09)', module: 'A3' },
  { sampleId: 'YB-LMD-001-26-000102', testType: 'Specimen', result: 'HIV-1 NOT DETECTED', module: 'A4', notes: 'haemolysed, re-spun' },
  { sampleId: 'YB-LMD-001-26-000103', testType: 'Specimen', result: 'HIV-1 DETECTED > 1.00E+07 copies/mL', module: 'B1' },
  { sampleId: 'YB-LMD-001-26-000104', testType: 'Specimen', result: 'HIV-1 DETECTED < 4.00E+01 copies/mL', module: 'B2' },
  {
    sampleId: 'YB-LMD-001-26-000105',
    testType: 'Specimen',
    result: 'ERROR',
    module: 'B3',
    errorStatus: 'Error',
    errors: ['5011: Signal loss detected in the amplification curve for analyte [QC-1]. 10.2 drop from maximum'],
  },
  { sampleId: 'YB-LMD-001-26-000106', testType: 'Specimen', result: 'NO RESULT', module: 'B4', status: 'Incomplete' },
];

describe('the GeneXpert Dx export of an Xpert HIV-1 Viral Load run', () => {
  const file = gxExport(HIV_VL, hivRun);

  it('reads one row per test: its sample ID, its module as the well, control or patient, the result as written', () => {
    const rows = readGeneXpert(file, { limits });
    expect(rows.map((r) => [r.sampleId, r.well, r.kind, r.text])).toEqual(
      hivRun.map((t) => [t.sampleId, t.module, t.testType === 'Specimen' ? 'patient' : 'control', t.result]),
    );
    // each row's line is its test's "Sample ID" line; the optical data repeating the first sample ID gives no row
    expect(rows.map((r) => r.line)).toEqual(hivRun.map((t) => lineOf(file, `Sample ID,${t.sampleId}`)));
    expect(lineOf(file, 'Sample ID,HIV-NEG-C', 1)).toBeGreaterThan(rows.at(-1)!.line);
  });

  it('reads the counts with the analyte and the log dropped, not detected, above and below the limits', () => {
    const rows = readGeneXpert(file, { limits });
    expect(rows.map((r) => (r.value.ok ? r.value.value : r.value.reason))).toEqual([
      { numeric: null, qualifier: 'TARGET NOT DETECTED' },
      { numeric: 20400, qualifier: null },
      { numeric: 1230, qualifier: null },
      { numeric: null, qualifier: 'TARGET NOT DETECTED' },
      { numeric: 10_000_000, qualifier: '>' },
      { numeric: 40, qualifier: '<' },
      'ERROR',
      'NO RESULT',
    ]);
  });

  it('gives the error of a module in error, with the instrument’s message, and of a test not done', () => {
    const rows = readGeneXpert(file, { limits });
    expect(rows.slice(0, 6).map((r) => r.error)).toEqual([null, null, null, null, null, null]);
    expect(rows[6]!.error).toBe('ERROR, Error Status Error — 5011: Signal loss detected in the amplification curve for analyte [QC-1]. 10.2 drop from maximum');
    expect(rows[7]!.error).toBe('NO RESULT, Status Incomplete');
  });

  it('reads the same export written with semicolons, as on a computer whose list separator is one', () => {
    const semicolons = gxExport(HIV_VL, hivRun, { delimiter: ';' });
    expect(semicolons).toContain('Notes;haemolysed, re-spun');
    expect(readGeneXpert(semicolons, { limits })).toEqual(readGeneXpert(file, { limits }));
  });

  it('reads the export with LF line ends and without a BOM, and its quoted cells', () => {
    const plain = file
      .replace(/^\uFEFF/, '')
      .replace(/\r\n/g, '\n')
      .replace('Sample ID,YB-LMD-001-26-000101', 'Sample ID,"YB-LMD-001-26-000101"');
    expect(readGeneXpert(plain, { limits })).toEqual(readGeneXpert(file, { limits }));
  });

  it('reads the file’s bytes as the software writes them, UTF-16 with a BOM, and refuses them read as 8-bit text', () => {
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(file.replace(/^\uFEFF/, ''), 'utf16le')]);
    expect(decodeGeneXpertFile(utf16)).toBe(file.replace(/^\uFEFF/, ''));
    expect(readGeneXpert(decodeGeneXpertFile(utf16), { limits })).toEqual(readGeneXpert(file, { limits }));
    // no BOM: known by its zero bytes; UTF-8 (saved again by a spreadsheet) is read as such
    expect(decodeGeneXpertFile(Buffer.from('RESULT TABLE\r\n', 'utf16le'))).toBe('RESULT TABLE\r\n');
    expect(decodeGeneXpertFile(Buffer.from('\uFEFFSample ID,Abé', 'utf8'))).toBe('Sample ID,Abé');
    expect(() => readGeneXpert(utf16.toString('latin1'))).toThrow(/UTF-16 text read as 8-bit text/);
  });

  it('keeps a qualitative HIV-1 result (Xpert HIV-1 Qual): detected is not a count, not detected is', () => {
    const qual = gxExport(HIV_VL, [
      { sampleId: 'EID-001', testType: 'Specimen', result: 'HIV-1 DETECTED', module: 'A1' },
      { sampleId: 'EID-002', testType: 'Specimen', result: 'HIV-1 NOT DETECTED|', module: 'A2' },
    ]);
    const [detected, notDetected] = readGeneXpert(qual);
    expect(detected!.value).toEqual({ ok: false, reason: 'HIV-1 DETECTED' });
    expect(detected!.error).toBeNull();
    expect(notDetected!.value).toEqual({ ok: true, value: { numeric: null, qualifier: 'TARGET NOT DETECTED' } });
  });
});

const mtbRun: GxTest[] = [
  { sampleId: 'MTB-POS-C', testType: 'Positive Control', result: 'MTB DETECTED MEDIUM;Rif Resistance NOT DETECTED', module: 'A1' },
  { sampleId: 'MTB-NEG-C', testType: 'Negative Control', result: 'MTB NOT DETECTED', module: 'A2' },
  { sampleId: 'TB-26-0201', testType: 'Specimen', result: 'MTB DETECTED HIGH;Rif Resistance DETECTED', module: 'A3' },
  { sampleId: 'TB-26-0202', testType: 'Specimen', result: 'MTB DETECTED VERY LOW;Rif Resistance INDETERMINATE', module: 'A4' },
  { sampleId: 'TB-26-0203', testType: 'Specimen', result: 'MTB NOT DETECTED', module: 'B1' },
  { sampleId: 'TB-26-0204', testType: 'Specimen', result: 'INVALID', module: 'B2' },
];

describe('the GeneXpert Dx export of an Xpert MTB/RIF run', () => {
  it('keeps each TB result as written, never a count, even “MTB NOT DETECTED”, with each test under its own RESULT TABLE', () => {
    const file = gxExport(MTB_RIF, mtbRun, { layout: 'per test' });
    const rows = readGeneXpert(file);
    expect(rows.map((r) => [r.sampleId, r.well, r.kind, r.text, r.error])).toEqual([
      ['MTB-POS-C', 'A1', 'control', 'MTB DETECTED MEDIUM;Rif Resistance NOT DETECTED', null],
      ['MTB-NEG-C', 'A2', 'control', 'MTB NOT DETECTED', null],
      ['TB-26-0201', 'A3', 'patient', 'MTB DETECTED HIGH;Rif Resistance DETECTED', null],
      ['TB-26-0202', 'A4', 'patient', 'MTB DETECTED VERY LOW;Rif Resistance INDETERMINATE', null],
      ['TB-26-0203', 'B1', 'patient', 'MTB NOT DETECTED', null],
      ['TB-26-0204', 'B2', 'patient', 'INVALID', 'INVALID'],
    ]);
    expect(rows.map((r) => r.value)).toEqual(mtbRun.map((t) => ({ ok: false, reason: t.result })));
    expect(rows.map((r) => r.line)).toEqual(mtbRun.map((t) => lineOf(file, `Sample ID,${t.sampleId}`)));
  });

  it('joins again a result split on its semicolon in a semicolon-separated export', () => {
    const file = gxExport(MTB_RIF, mtbRun, { delimiter: ';' }).replace(
      '"MTB DETECTED HIGH;Rif Resistance DETECTED"',
      'MTB DETECTED HIGH;Rif Resistance DETECTED;;',
    );
    expect(file).toContain('Test Result;MTB DETECTED HIGH;Rif Resistance DETECTED;;\r\n');
    expect(readGeneXpert(file)[2]!.text).toBe('MTB DETECTED HIGH;Rif Resistance DETECTED');
  });
});

describe('a file the GeneXpert reader refuses, naming the line and the key', () => {
  const run = hivRun.slice(0, 3);
  const file = gxExport(HIV_VL, run);

  it('refuses a file with no RESULT TABLE section, or none with a test', () => {
    expect(() => readGeneXpert('SpecimenId,TestType,Value\nYB-1,HIV-1,40\n')).toThrow(
      new ResultFileError(null, null, 'no "RESULT TABLE" section: is this a GeneXpert Dx export of test results?'),
    );
    expect(() => readGeneXpert(file.slice(0, file.indexOf('RESULT TABLE')))).toThrow(/no "RESULT TABLE" section/);
    expect(() => readGeneXpert(`${file.slice(0, file.indexOf('Sample ID'))}\r\nOPTICAL DATA\r\n`)).toThrow(
      'Line 9, column "Sample ID": the "RESULT TABLE" section has no test.',
    );
    expect(() => readGeneXpert('')).toThrow(/no "RESULT TABLE" section/);
  });

  it('refuses a test with an empty Sample ID', () => {
    const empty = file.replace('Sample ID,HIV-POS-C', 'Sample ID,');
    expect(() => readGeneXpert(empty)).toThrow(`Line ${lineOf(file, 'Sample ID,HIV-POS-C')}, column "Sample ID": no sample ID.`);
  });

  it('refuses a test whose Sample ID line is missing, first or after another test', () => {
    const first = file.replace('Sample ID,HIV-NEG-C\r\n', '');
    expect(() => readGeneXpert(first)).toThrow(
      new ResultFileError(lineOf(file, 'Sample ID,HIV-NEG-C'), 'Sample ID', 'a "Patient ID" line before any "Sample ID" line: a test without its sample ID.'),
    );
    const later = file.replace('Sample ID,YB-LMD-001-26-000101\r\n', '');
    expect(() => readGeneXpert(later)).toThrow(
      `Line ${lineOf(file, 'Sample ID,YB-LMD-001-26-000101')}, column "Sample ID": a second "Patient ID" line after sample "HIV-POS-C": the test it belongs to has no "Sample ID" line.`,
    );
  });

  it('refuses a file cut short: in a test before its result, after it, or in a quoted cell', () => {
    const beforeResult = file.slice(0, file.lastIndexOf('Assay Type'));
    expect(() => readGeneXpert(beforeResult)).toThrow(
      `Line ${lineOf(file, `Sample ID,${run[2]!.sampleId}`)}, column "Test Result": the test of sample "${run[2]!.sampleId}" has no "Test Result" line: is the file cut short?`,
    );
    const afterResult = file.slice(0, file.lastIndexOf('Cartridge Index'));
    expect(() => readGeneXpert(afterResult)).toThrow(
      `Line ${lineOf(file, `Sample ID,${run[2]!.sampleId}`)}, column "Module Name": the test of sample "${run[2]!.sampleId}" has no "Module Name" line: is the file cut short?`,
    );
    const quoted = gxExport(HIV_VL, [...run, { ...hivRun[3]!, notes: 'clotted, re-collect' }]);
    const inQuote = quoted.slice(0, quoted.indexOf('clotted') + 'clotted'.length);
    expect(() => readGeneXpert(inQuote)).toThrow(
      `Line ${lineOf(quoted, 'Notes,"clotted')}, column "Notes": a quoted cell is not closed before the end of the file: is the file cut short?`,
    );
  });
});

import { describe, expect, it } from 'vitest';
import { readAbbottM2000 } from './abbott-m2000.js';
import { readGenericCsv } from './generic-csv.js';
import { M2000_RESULT_COLUMNS, m2000Row, writeM2000Log } from './m2000-log.js';
import { ResultFileError } from './read.js';
import { readCobas4800, readCobas6800 } from './roche-cobas.js';

const RESULT_COLUMNS = [...M2000_RESULT_COLUMNS];
const m2000 = (rows: string[][], columns: readonly string[] = RESULT_COLUMNS) => writeM2000Log(rows, 'WS-2026-0042', columns);
const row = m2000Row;

const limits = { lower: 40, upper: 10_000_000 };

describe('the Abbott m2000rt results log', () => {
  const file = m2000([
    row('A1', 'HIV_NEG', 'Control', 'Not detected'),
    row('A2', 'HIV_LOPOS', 'Control', '767 Copies / mL'),
    row('A3', 'HIV_HIPOS', 'Control', '96,181 Copies / mL'),
    row('A4', 'YB-LMD-001-26-000101', 'Patient', '213 Copies / mL'),
    row('A5', 'YB-LMD-001-26-000102', 'Patient', '< 40 Copies / mL'),
    row('A6', 'YB-LMD-001-26-000103', 'Patient', '', { Status: 'Invalid', ErrorCode: '4442', ErrorDescription: 'Internal control cycle number is too high' }),
  ]);

  it('reads the "Result Information" table, not the earlier tables, with wells, controls and values', () => {
    const rows = readAbbottM2000(file, { limits });
    expect(rows.map((r) => [r.well, r.sampleId, r.kind])).toEqual([
      ['A1', 'HIV_NEG', 'control'],
      ['A2', 'HIV_LOPOS', 'control'],
      ['A3', 'HIV_HIPOS', 'control'],
      ['A4', 'YB-LMD-001-26-000101', 'patient'],
      ['A5', 'YB-LMD-001-26-000102', 'patient'],
      ['A6', 'YB-LMD-001-26-000103', 'patient'],
    ]);
    expect(rows[0]!.value).toEqual({ ok: true, value: { numeric: null, qualifier: 'TARGET NOT DETECTED' } });
    expect(rows[2]!.value).toEqual({ ok: true, value: { numeric: 96181, qualifier: null } });
    expect(rows[4]!.value).toEqual({ ok: true, value: { numeric: 40, qualifier: '<' } });
    expect(rows[5]!.error).toBe('4442 Internal control cycle number is too high');
    // the line of each row in the file, for the messages
    expect(file.split('\r\n')[rows[3]!.line - 1]).toContain('YB-LMD-001-26-000101');
  });

  it('refuses another file, a missing column and a row without a sample ID, naming the line and column', () => {
    expect(() => readAbbottM2000('Plate Name\tX\n')).toThrow(/no "Result Information" section/);
    const noValue = m2000(
      [row('A1', 'HIV_NEG', 'Control', 'Not detected')],
      RESULT_COLUMNS.filter((c) => c !== 'ReportedResult'),
    );
    expect(() => readAbbottM2000(noValue)).toThrow(new ResultFileError(17, 'ReportedResult', 'this column is missing.'));
    const noId = m2000([row('A1', 'HIV_NEG', 'Control', 'Not detected'), row('A2', '', 'Patient', '767 Copies / mL')]);
    expect(() => readAbbottM2000(noId)).toThrow('Line 19, column "SampleId": no sample ID.');
  });
});

describe('the Roche cobas 4800 export', () => {
  const file = [
    'SpecimenId,TestType,SpecimenType,Result Name,Value',
    'HIV-1 (-) C,HIV-1,Control,HIV-1,Target Not Detected',
    'HIV-1 H(+) C,HIV-1,Control,HIV-1,2.04E+05 cp/mL',
    'YB-LMD-001-26-000101,HIV-1,Plasma,HIV-1,1.23E+03 cp/mL',
    'YB-LMD-001-26-000102,HIV-1,Plasma,HIV-1,< LL',
    'YB-LMD-001-26-000103,HIV-1,Plasma,HIV-1,> 1.00E+07',
    'YB-LMD-001-26-000104,HIV-1,Plasma,HIV-1,Invalid',
  ].join('\n');

  it('reads controls, counts in scientific notation and the assay’s limits', () => {
    const rows = readCobas4800(file, { limits: { lower: 20, upper: 10_000_000 } });
    expect(rows.map((r) => r.kind)).toEqual(['control', 'control', 'patient', 'patient', 'patient', 'patient']);
    expect(rows.map((r) => (r.value.ok ? r.value.value : r.value.reason))).toEqual([
      { numeric: null, qualifier: 'TARGET NOT DETECTED' },
      { numeric: 204000, qualifier: null },
      { numeric: 1230, qualifier: null },
      { numeric: 20, qualifier: '<' },
      { numeric: 10_000_000, qualifier: '>' },
      'Invalid',
    ]);
    expect(rows[5]!.error).toBe('Invalid');
  });

  it('refuses a file without its value column, naming it', () => {
    expect(() => readCobas4800('SpecimenId,TestType\nX,HIV-1\n')).toThrow('Line 1, column "Value": this column is missing.');
    expect(() => readCobas4800('Sample,Result\n')).toThrow(/is this a cobas 4800 export/);
  });
});

describe('the cobas 6800/8800 export', () => {
  const file = [
    'MSH|^~\\&|cobas6800|LAB|NLIMS|LAB|20261126101500||OUL^R22|1|P|2.5',
    'OBR|1|YB-LMD-001-26-000101||HIV-1^HIV-1 Quant',
    'OBX|1|NM|HIV-1^HIV-1||4.56E+02|cp/mL|||||F',
    'OBR|2|YB-LMD-001-26-000102||HIV-1^HIV-1 Quant',
    'OBX|1|ST|HIV-1^HIV-1||Target Not Detected||||||F',
    'OBR|3|YB-LMD-001-26-000103||HIV-1^HIV-1 Quant',
    'OBX|1|ST|HIV-1^HIV-1||||||||X',
  ].join('\r');

  it('reads each OBR’s sample and its OBX-5 value with its unit', () => {
    const rows = readCobas6800(file, { limits: { lower: 20 } });
    expect(rows.map((r) => [r.sampleId, r.text, r.line])).toEqual([
      ['YB-LMD-001-26-000101', '4.56E+02 cp/mL', 3],
      ['YB-LMD-001-26-000102', 'Target Not Detected', 5],
      ['YB-LMD-001-26-000103', '', 7],
    ]);
    expect(rows[0]!.value).toEqual({ ok: true, value: { numeric: 456, qualifier: null } });
    expect(rows[2]!.error).toMatch(/could not obtain a result/);
  });

  it('refuses a result before any sample, and a file without samples', () => {
    expect(() => readCobas6800('MSH|^~\\&\nOBX|1|NM|X||5\nOBR|1|A')).toThrow('Line 2, column "OBX": a result before any OBR segment.');
    expect(() => readCobas6800('MSH|^~\\&\n')).toThrow(/no OBR segment/);
    expect(() => readCobas6800('OBR|1|\nOBX|1|NM|X||5')).toThrow('Line 1, column "OBR-2": no sample ID.');
  });
});

describe('a laboratory’s own CSV, by a saved column mapping', () => {
  const mapping = { sampleId: 'Sample', value: 'Copies', well: 'Pos', kind: 'Type', controlWord: 'QC' };
  it('reads the mapped columns after a preamble, semicolon-separated', () => {
    const file = ['Run 42;exported 26/11/2026', '', 'Pos;Sample;Type;Copies', 'A1;NEG;QC;TND', 'A4;YB-1;Sample;"1,250"'].join('\n');
    const rows = readGenericCsv(file, mapping);
    expect(rows.map((r) => [r.line, r.well, r.sampleId, r.kind, r.value.ok && r.value.value.numeric])).toEqual([
      [4, 'A1', 'NEG', 'control', null],
      [5, 'A4', 'YB-1', 'patient', 1250],
    ]);
  });
  it('names a mapped column the file lacks', () => {
    expect(() => readGenericCsv('Pos;Sample;Copies\nA1;X;5', mapping)).toThrow('Line 1, column "Type": this column is missing.');
  });
});

import { describe, expect, it } from 'vitest';
import { REPORT_COLUMNS } from './general-report.js';
import { toCsv as write } from '../../../core/export/csv.js';

const toCsv = (rows: Record<string, unknown>[]) => write(rows, REPORT_COLUMNS);

const HEADER = REPORT_COLUMNS.join(',');

describe('general order report CSV', () => {
  it('quotes commas, quotes and newlines and defuses a leading formula sign', () => {
    const csv = toCsv([{ lab_number: 'LA-1', client_name: '=Ade, "Bola"\nMusa', tat_hours: 2.5, ordered_at: new Date('2026-11-22T09:30:00Z'), unit: null }]);
    expect(csv).toBe(`${HEADER}\r\nLA-1,"'=Ade, ""Bola""\nMusa",,,,,,,,2026-11-22T09:30:00.000Z,,,,2.5\r\n`);
  });

  it('defuses every cell a spreadsheet would run: =, +, -, @, tab and carriage return', () => {
    const csv = toCsv(['=1+1', '+1', '-1', '@SUM(A1)', '\tx', '\rx'].map((client_name) => ({ client_name })));
    const names = csv
      .split('\r\n')
      .slice(1, -1)
      .map((line) => line.split(',')[1]);
    expect(names).toEqual(["'=1+1", "'+1", "'-1", "'@SUM(A1)", "'\tx", `"'\rx"`]);
  });

  it('writes the same columns in the same order, and only a header for no rows', () => {
    expect(toCsv([])).toBe(`${HEADER}\r\n`);
    expect(HEADER).toBe(
      'lab_number,client_name,sex,date_of_birth,test,test_order_status,result,unit,flag,ordered_at,collected_at,received_at,approved_at,tat_hours',
    );
  });
});

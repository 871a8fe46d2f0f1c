import ExcelJS from 'exceljs';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { toCsv } from './csv.js';

/** A table as a workbook: one sheet, a header row, the header frozen and filtered; a text a spreadsheet would run as a formula kept as text. */
export async function toXlsx(rows: readonly Record<string, unknown>[], columns: readonly string[], sheetName = 'Report'): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  book.creator = 'NLIMS';
  const sheet = book.addWorksheet(sheetName.slice(0, 31), { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = columns.map((key) => ({ header: key, key, width: Math.max(12, key.length + 2) }));
  for (const row of rows) {
    const cells: Record<string, unknown> = {};
    for (const key of columns) {
      const v = row[key];
      cells[key] = typeof v === 'string' && /^[=+\-@]/.test(v) ? `'${v}` : v;
    }
    sheet.addRow(cells);
  }
  sheet.getRow(1).font = { bold: true };
  sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: Math.max(1, columns.length) } };
  return Buffer.from(await book.xlsx.writeBuffer());
}

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Send a table as a CSV or XLSX download named `<name>.<format>`. */
export async function sendTable(
  reply: FastifyReply,
  format: 'csv' | 'xlsx',
  name: string,
  rows: readonly Record<string, unknown>[],
  columns: readonly string[],
): Promise<FastifyReply> {
  // The route's declared reply types are JSON and text; a workbook is bytes.
  if (format === 'xlsx')
    return reply
      .type(XLSX_TYPE)
      .header('content-disposition', `attachment; filename="${name}.xlsx"`)
      .send((await toXlsx(rows, columns)) as unknown as string);
  return reply.type('text/csv; charset=utf-8').header('content-disposition', `attachment; filename="${name}.csv"`).send(toCsv(rows, columns));
}

/** The OpenAPI content of a reply that is JSON, or a CSV or XLSX download. */
export const jsonOrFile = <T>(schema: T, description: string) => ({
  description,
  content: {
    'application/json': { schema },
    'text/csv': { schema: z.string() },
    [XLSX_TYPE]: { schema: z.string() },
  },
});

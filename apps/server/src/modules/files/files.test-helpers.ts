import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { FONT, renderPdf } from '../../core/pdf.js';

/**
 * Small files of every kind the tests send: real ones made here (a PDF by
 * the reports' renderer, zip containers written by hand), and the ones an
 * upload must refuse.
 */

/** A 1×1 PNG. */
export const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
/** The start of a JPEG (JFIF). */
export const JPEG = Buffer.concat([Buffer.from('ffd8ffe000104a46494600010100000100010000', 'hex'), Buffer.alloc(64)]);
/** A little-endian TIFF header with an empty directory. */
export const TIFF = Buffer.concat([Buffer.from('49492a0008000000000000000000', 'hex'), Buffer.alloc(64)]);
export const HTML = Buffer.from('<!DOCTYPE html><html><body><script>alert(document.cookie)</script></body></html>');
export const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><circle r="4"/></svg>');
export const EXE = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(126), Buffer.from('PE\0\0'), Buffer.alloc(256)]);
export const CSV = Buffer.from('code,value\nFBG,5.2\nHB,13.1\n');
export const TEXT = Buffer.from('Ọjọ́ ìwádìí: calibration log, bench 2 — all within range.\n');

export function pdf(text = 'Test document'): Promise<Buffer> {
  return renderPdf({ size: 'A4', margin: 40, info: { Title: text, CreationDate: new Date('2026-01-01T00:00:00Z') } }, (doc) => {
    doc.font(FONT.bold).fontSize(14).text(text);
  });
}

/** A zip of stored (uncompressed) entries. */
export function zip(entries: [string, string][]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, content] of entries) {
    const data = Buffer.from(content);
    const file = Buffer.from(name);
    const crc = zlib.crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(file.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(file.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, file, data);
    centrals.push(central, file);
    offset += local.length + file.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const types = (main: string) =>
  `<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Override PartName="/main.xml" ContentType="${main}"/></Types>`;
const OOXML = 'application/vnd.openxmlformats-officedocument';
export const DOCX = zip([
  ['[Content_Types].xml', types(`${OOXML}.wordprocessingml.document.main+xml`)],
  ['word/document.xml', '<w:document/>'],
]);
export const XLSX = zip([
  ['[Content_Types].xml', types(`${OOXML}.spreadsheetml.sheet.main+xml`)],
  ['xl/workbook.xml', '<workbook/>'],
]);
export const ODT = zip([
  ['mimetype', 'application/vnd.oasis.opendocument.text'],
  ['content.xml', '<office:document-content/>'],
]);
export const ODS = zip([
  ['mimetype', 'application/vnd.oasis.opendocument.spreadsheet'],
  ['content.xml', '<office:document-content/>'],
]);
/** A zip that claims nothing. */
export const ZIP = zip([['notes.txt', 'hello']]);
/** A Word document with macros: a zip, but not one we keep. */
export const DOCM = zip([
  ['[Content_Types].xml', types('application/vnd.ms-word.document.macroEnabled.main+xml')],
  ['word/document.xml', '<w:document/>'],
]);

/** A multipart form: the text fields, then each file under `file`. */
export function form(files: [name: string, bytes: Buffer, type?: string][], fields: Record<string, string | number | boolean> = {}): FormData {
  const data = new FormData();
  for (const [key, value] of Object.entries(fields)) data.append(key, String(value));
  for (const [name, bytes, type] of files) data.append('file', new Blob([new Uint8Array(bytes)], { type: type ?? 'application/octet-stream' }), name);
  return data;
}

/**
 * A data directory of the test's own for the app it builds (its stored files and upload spool), so the tests
 * write nothing under the working directory: the app reads DATA_DIR when it is built, and the variable is put
 * back at once; the directory goes with `remove`.
 */
export async function withOwnDataDir<T>(
  build: () => Promise<T>,
  env: Record<string, string> = {},
): Promise<T & { dataDir: string; removeDataDir: () => void }> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'nlims-files-'));
  const set = { DATA_DIR: dir, ...env };
  const before = Object.fromEntries(Object.keys(set).map((k) => [k, process.env[k]]));
  Object.assign(process.env, set);
  try {
    const built = await build();
    return Object.assign(built as object, { dataDir: dir, removeDataDir: () => rmSync(dir, { recursive: true, force: true }) }) as T & {
      dataDir: string;
      removeDataDir: () => void;
    };
  } finally {
    for (const [k, v] of Object.entries(before)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
  }
}

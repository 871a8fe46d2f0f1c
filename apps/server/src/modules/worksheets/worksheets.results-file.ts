import type { Tx } from '../../core/db.js';
import { notFound } from '../../core/errors.js';
import type { Principal } from '../../core/principal.js';
import { recordAudit } from '../audit/audit.service.js';
import { worksheetRow } from './worksheets.read.js';

/** The results file kept with a worksheet, ready to send: a safe name, its media type and its bytes. */
export interface ResultsFile {
  name: string;
  type: string;
  body: Buffer;
}

/**
 * A file name fit to offer for saving: its last path segment, without control characters, quotes or characters
 * a file system refuses, and not hidden; `fallback` when nothing is left.
 */
export function safeFileName(name: string, fallback: string): string {
  const last = name.split(/[/\\]/).pop() ?? '';
  const clean = last
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
    .replace(/[\u0000-\u001f\u007f-\u009f"*:<>?|]/g, '_')
    .trim()
    .replace(/^\.+/, '');
  return clean ? clean.slice(0, 200) : fallback;
}

/** `Content-Disposition` for a download: the name in UTF-8 (RFC 6266, RFC 8187), with a plain ASCII `filename` for old clients. */
export function attachmentDisposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/[";\\]/g, '_');
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/** What an analyser's results file is, by its name: the import reads every format as text, so text it is served as. */
export function resultsFileType(name: string): string {
  const extension = /\.([a-z0-9]+)$/i.exec(name)?.[1]?.toLowerCase();
  if (extension === 'csv') return 'text/csv; charset=utf-8';
  if (extension === 'tsv') return 'text/tab-separated-values; charset=utf-8';
  return 'text/plain; charset=utf-8';
}

/**
 * `GET worksheet/{id}/results_file/`: the analyser's results file imported into the worksheet, as it was read (UTF-8),
 * for whoever may read the worksheet; a worksheet without one is not found. Each download is audited.
 */
export async function openResultsFile(db: Tx, p: Principal, id: number): Promise<ResultsFile> {
  const ws = await worksheetRow(db, p, id);
  if (ws.fileContent == null) throw notFound(`Worksheet ${ws.number} has no results file.`);
  const name = safeFileName(ws.fileName ?? '', `${ws.number}-results.txt`);
  const body = Buffer.from(ws.fileContent, 'utf8');
  await recordAudit(db, p, {
    action: 'worksheet.file_download',
    entity: 'worksheet',
    entityId: String(id),
    after: { number: ws.number, file: name, size: body.length },
  });
  return { name, type: resultsFileType(name), body };
}

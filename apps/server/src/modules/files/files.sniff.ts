import { createReadStream } from 'node:fs';
import { FILE_KINDS, type FileKind } from '@nlims/contracts';
import { fileTypeFromFile } from 'file-type';

/**
 * What a file is, read from its own bytes (OWASP file-upload guidance): the
 * signatures of the binary kinds (zip containers opened and checked for what
 * they claim to be), else UTF-8 text that is not markup or a script. The name
 * the browser sent and its Content-Type decide nothing; the name only tells a
 * CSV from plain text, both served as text.
 */
export type Sniffed = { kind: FileKind } | { refused: string };

/** file-type's extensions for the binary kinds we keep. */
const BINARY: Record<string, FileKind> = { pdf: 'pdf', png: 'png', jpg: 'jpg', tif: 'tif', docx: 'docx', xlsx: 'xlsx', odt: 'odt', ods: 'ods' };

const DESCRIBED: Record<string, string> = {
  exe: 'a Windows program (EXE)',
  elf: 'a program (ELF)',
  zip: 'a ZIP archive',
  xml: 'XML',
  docm: 'a Word document with macros',
  xlsm: 'an Excel workbook with macros',
  doc: 'an old Word document (DOC)',
  xls: 'an old Excel workbook (XLS)',
  cfb: 'an old Office document',
  gif: 'a GIF image',
  webp: 'a WebP image',
  heic: 'a HEIC image',
  mp4: 'a video',
  js: 'a script',
};

export const ALLOWED_WORDS = 'PDF, PNG, JPEG, TIFF, Word (DOCX), Excel (XLSX), OpenDocument text or spreadsheet (ODT, ODS), CSV or plain text';

export const refusal = (looksLike: string) => `The file's contents are not an allowed type (${ALLOWED_WORDS}); it looks like ${looksLike}.`;

export async function sniffFile(file: string, name: string, size: number): Promise<Sniffed> {
  if (size === 0) return { refused: 'The file is empty.' };
  const detected = await fileTypeFromFile(file);
  if (detected) {
    const kind = BINARY[detected.ext];
    return kind ? { kind } : { refused: refusal(DESCRIBED[detected.ext] ?? `${detected.ext.toUpperCase()} (${detected.mime})`) };
  }
  const text = await readText(file);
  if (text !== 'text') return { refused: refusal(text) };
  return { kind: /\.csv$/i.test(name.trim()) ? 'csv' : 'txt' };
}

/** How much of the start of a text is read for markup. */
const HEAD = 8192;

/** Markup or code a browser (or a shell) would run, at the start of a text. */
function markupIn(head: string): string | null {
  const start = head
    .replace(/^\uFEFF/, '')
    .trimStart()
    .toLowerCase();
  if (start.startsWith('#!') || start.startsWith('<?php')) return 'a script';
  if (/<svg[\s>/]/.test(start)) return 'SVG';
  if (/<!doctype\s+html|<html[\s>]|<head[\s>]|<body[\s>]|<script[\s>]|<iframe[\s>]|<object[\s>]|<embed[\s>]|<meta[\s>]/.test(start)) return 'HTML';
  if (start.startsWith('<?xml') || start.startsWith('<!doctype')) return 'XML';
  if (/^<[a-z!?]/.test(start)) return 'HTML or XML';
  return null;
}

/** `text` when the whole file is UTF-8 text without control characters or markup; else what it looks like. */
async function readText(file: string): Promise<string> {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  let head = '';
  try {
    for await (const chunk of createReadStream(file)) {
      const text = decoder.decode(chunk as Buffer, { stream: true });
      // Control characters other than tab, line feed, form feed and carriage return mark a binary file.
      // biome-ignore lint/suspicious/noControlCharactersInRegex: that is what is looked for
      if (/[\u0000-\u0008\u000B\u000E-\u001F\u007F]/.test(text)) return 'a binary file of an unknown kind';
      if (head.length < HEAD) head += text.slice(0, HEAD - head.length);
    }
    decoder.decode();
  } catch {
    return 'a binary file of an unknown kind';
  }
  return markupIn(head) ?? 'text';
}

/** The Content-Type a stored kind is sent with (text in UTF-8); an unknown kind as bare bytes. */
export function mediaTypeOf(kind: string): string {
  const known = FILE_KINDS[kind as FileKind];
  if (!known) return 'application/octet-stream';
  return kind === 'csv' || kind === 'txt' ? `${known.media}; charset=utf-8` : known.media;
}

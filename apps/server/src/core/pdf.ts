import type { FastifyReply } from 'fastify';
import { createRequire } from 'node:module';
import path from 'node:path';
import bwipjs from 'bwip-js/node';
import PDFDocument from 'pdfkit';

export type Doc = PDFKit.PDFDocument;

// DejaVu Sans covers Yoruba, Igbo and Hausa letters (ẹ, ọ, ṣ, ƙ, ɗ…) and unit superscripts (×10⁹/L),
// which the PDF standard fonts cannot show. Only the glyphs used are embedded.
const fontDir = path.join(path.dirname(createRequire(import.meta.url).resolve('dejavu-fonts-ttf/package.json')), 'ttf');
export const FONT = { regular: 'Body', bold: 'Bold' } as const;

/** Render a PDF into a buffer. */
export function renderPdf(options: PDFKit.PDFDocumentOptions, draw: (doc: Doc) => void): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ ...options, info: { Producer: 'NLIMS', Creator: 'NLIMS', ...options.info } });
    doc.registerFont(FONT.regular, path.join(fontDir, 'DejaVuSans.ttf'));
    doc.registerFont(FONT.bold, path.join(fontDir, 'DejaVuSans-Bold.ttf'));
    doc.font(FONT.regular);
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    try {
      draw(doc);
      doc.end();
    } catch (error) {
      reject(error);
    }
  });
}

export const SYMBOLOGIES = ['code128', 'datamatrix', 'qrcode'] as const;
export type Symbology = (typeof SYMBOLOGIES)[number];

/**
 * Draw a barcode of `text` as vector paths, encoded by bwip-js, in the box at
 * (x, y) of `width` × `height` points. Code 128 fills the box, with a 10-module
 * quiet zone each side; DataMatrix and QR codes are square, centred in the box.
 */
export function drawBarcode(doc: Doc, text: string, x: number, y: number, width: number, height: number, symbology: Symbology = 'code128'): void {
  const svg = bwipjs.toSVG({ bcid: symbology, text, paddingwidth: symbology === 'code128' ? 10 : 0 });
  const [vbWidth, vbHeight] = (/viewBox="0 0 (\d+(?:\.\d+)?) (\d+(?:\.\d+)?)"/.exec(svg) ?? []).slice(1).map(Number);
  if (!vbWidth || !vbHeight) throw new Error(`bwip-js drew no ${symbology} symbol`);
  let [bx, by, bw, bh] = [x, y, width, height];
  if (symbology !== 'code128') {
    const side = Math.min(width, height);
    [bx, by, bw, bh] = [x + (width - side) / 2, y + (height - side) / 2, side, side];
  }
  doc.save();
  doc.translate(bx, by).scale(bw / vbWidth, bh / vbHeight);
  for (const [, attrs = ''] of svg.matchAll(/<path([^>]*)\/>/g)) {
    const d = /\sd="([^"]+)"/.exec(attrs)?.[1];
    if (!d) continue;
    const stroke = /stroke-width="([\d.]+)"/.exec(attrs)?.[1];
    if (stroke) doc.path(d).lineWidth(Number(stroke)).stroke('#000');
    else doc.path(d).fill('#000');
  }
  doc.restore();
}

/** Dates in Africa/Lagos, as laboratories write them: 22/11/2026 09:30. */
export function formatDateTime(value: Date | string | null | undefined): string {
  if (!value) return '—';
  const d = new Date(value);
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Africa/Lagos',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hour12: false,
  }).format(d);
  return parts.replace(',', '');
}

/** Age as SPEC §9 shows it: days under a month, months under a year, otherwise years. */
export function formatAge(dateOfBirth: string | null, at = new Date()): string {
  if (!dateOfBirth) return '—';
  const dob = new Date(`${dateOfBirth}T00:00:00Z`);
  let months = (at.getUTCFullYear() - dob.getUTCFullYear()) * 12 + (at.getUTCMonth() - dob.getUTCMonth());
  if (at.getUTCDate() < dob.getUTCDate()) months -= 1;
  const unit = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  if (months >= 12) return unit(Math.floor(months / 12), 'year');
  if (months > 0) return unit(months, 'month');
  return unit(Math.max(0, Math.floor((at.getTime() - dob.getTime()) / 86_400_000)), 'day');
}

/** A printed table's column headings in bold and the rule under them, from `y`; the y its rows start at. */
export function tableHeading(doc: Doc, cols: readonly { title: string; w: number }[], left: number, width: number, y: number): number {
  let x = left;
  doc.font(FONT.bold).fontSize(8).fillColor('#000');
  for (const c of cols) {
    doc.text(c.title, x + 2, y, { width: c.w - 4 });
    x += c.w;
  }
  const below = y + 5 * (72 / 25.4);
  doc
    .moveTo(left, below - 1)
    .lineTo(left + width, below - 1)
    .lineWidth(0.8)
    .stroke('#000');
  return below;
}

/** Send a generated PDF, inline or (download) as an attachment, never cached: it holds patients' data. */
export function sendPdf(reply: FastifyReply, pdf: Buffer, filename: string, download = false) {
  return reply
    .type('application/pdf')
    .header('content-disposition', `${download ? 'attachment' : 'inline'}; filename="${filename}"`)
    .header('cache-control', 'no-store')
    .send(pdf);
}

import { PLATE_GRID, type PlateSize, plateWells, type WorksheetDetail } from '@nlims/contracts';
import { stringify } from 'csv-stringify/sync';
import { drawBarcode, FONT, formatDateTime, renderPdf, tableHeading } from '../../core/pdf.js';

const MM = 72 / 25.4;

const KIND_FILL: Record<string, string> = { control: '#e6f4ff', blank: '#f5f5f5', sample: '#ffffff', duplicate: '#fffbe6' };

type WidthAt = (text: string, size: number) => number;
type Fit = { size: number; lines: string[] };

/** The sizes a well's text may be printed at, largest first: on one line only down to the second, smaller on two lines. */
const SIZES = [6.5, 6, 5.5, 5] as const;
const SMALLEST = 5;

/**
 * Text fitted to a well's width, cut only where `sep` is (a hyphen stays at the line's end, a space goes): whole on one
 * line at 6.5 or 6 pt; else on two lines split where they balance best, 6.5 pt down; else wrapped at every fitting
 * place at the smallest size.
 */
function fitLines(text: string, sep: '-' | ' ', widthAt: WidthAt, width: number): Fit {
  for (const size of SIZES.slice(0, 2)) if (widthAt(text, size) <= width) return { size, lines: [text] };
  const parts = text.split(sep);
  const tail = sep === '-' ? '-' : '';
  const join = (from: number, to: number, last: boolean) => parts.slice(from, to).join(sep) + (last ? '' : tail);
  const splits = parts.slice(1).map((_, k) => [join(0, k + 1, false), join(k + 1, parts.length, true)]);
  for (const size of SIZES) {
    const best = splits.map((lines) => ({ lines, widest: Math.max(...lines.map((l) => widthAt(l, size))) })).sort((a, b) => a.widest - b.widest)[0];
    if (best && best.widest <= width) return { size, lines: best.lines };
  }
  const lines: string[] = [];
  for (const [i, part] of parts.entries()) {
    const piece = i < parts.length - 1 ? `${part}${tail}` : part;
    const last = lines.length - 1;
    const joined = last >= 0 ? `${lines[last]}${tail ? '' : ' '}${piece}` : piece;
    if (last >= 0 && widthAt(joined, SMALLEST) <= width) lines[last] = joined;
    else lines.push(piece);
  }
  return { size: SMALLEST, lines };
}

/**
 * How a laboratory number fits a well: printed whole, smaller or on two lines after a hyphen, never broken inside a
 * segment ("LA-LMD-001-" / "26-000032", not "LA-LMD-001-26-0" / "00032").
 */
export const identifierLines = (id: string, widthAt: WidthAt, width: number): Fit => fitLines(id, '-', widthAt, width);

/** A result in a well ("Target Not Detected"): whole, on two lines between its words if it must. */
export const valueLines = (value: string, widthAt: WidthAt, width: number): Fit => fitLines(value, ' ', widthAt, width);

/**
 * The worksheet printed on A4 landscape: its number as a barcode, the test, analyser and who prepared it; the plate
 * as a grid (each well with its sample's barcode, or the control's name); then the worklist — position, barcode as a
 * Code 128, priority, and after the run the value and what became of it — and the signature lines of the run.
 */
export function renderPlateMap(ws: WorksheetDetail, facilityName: string): Promise<Buffer> {
  return renderPdf({ size: 'A4', layout: 'landscape', margin: 12 * MM, info: { Title: `Worksheet ${ws.number}` } }, (doc) => {
    const width = doc.page.width - 24 * MM;
    const left = 12 * MM;
    const header = () => {
      doc
        .font(FONT.bold)
        .fontSize(14)
        .fillColor('#000')
        .text(`Worksheet ${ws.number}`, left, 12 * MM, { width: width - 70 * MM });
      doc
        .font(FONT.regular)
        .fontSize(9)
        .text(
          [
            facilityName,
            `${ws.test_type_name} · ${ws.program_name}`,
            `Template: ${ws.template_name} (${ws.size} positions) · Analyser: ${ws.machine_name ?? '—'}`,
            `Prepared by ${ws.created_by_name}, ${formatDateTime(ws.created_at)} · ${ws.samples} samples · State: ${ws.state}`,
          ].join('\n'),
          left,
          19 * MM,
          { width: width - 70 * MM },
        );
      drawBarcode(doc, ws.number, left + width - 65 * MM, 11 * MM, 65 * MM, 13 * MM);
    };
    header();

    // The plate.
    const { rows, columns } = PLATE_GRID[ws.size as PlateSize];
    const byWell = new Map(ws.positions.map((pos) => [pos.well, pos]));
    const top = 40 * MM;
    const gridWidth = width - 8 * MM;
    const cellW = gridWidth / columns;
    const cellH = Math.min(17 * MM, (doc.page.height - top - 22 * MM) / rows);
    doc.font(FONT.bold).fontSize(8);
    for (let c = 0; c < columns; c++) doc.text(String(c + 1), left + 8 * MM + c * cellW, top - 5 * MM, { width: cellW, align: 'center' });
    for (let r = 0; r < rows; r++) {
      const letter = String.fromCharCode(65 + r);
      doc
        .font(FONT.bold)
        .fontSize(9)
        .fillColor('#000')
        .text(letter, left, top + r * cellH + cellH / 2 - 4, { width: 6 * MM, align: 'center' });
      for (let c = 0; c < columns; c++) {
        const well = `${letter}${c + 1}`;
        const pos = byWell.get(well);
        const x = left + 8 * MM + c * cellW;
        const y = top + r * cellH;
        doc
          .rect(x, y, cellW, cellH)
          .fillAndStroke(KIND_FILL[pos?.kind ?? 'sample'] ?? '#fff', '#8c8c8c')
          .fillColor('#000');
        doc
          .font(FONT.regular)
          .fontSize(5.5)
          .fillColor('#595959')
          .text(well, x + 1.5, y + 1.5, { width: cellW - 3, lineBreak: false });
        if (!pos) continue;
        if (pos.barcode) {
          // A laboratory number is printed whole: smaller, or on two lines after a hyphen, never cut inside a segment.
          const font = pos.kind === 'sample' ? FONT.regular : FONT.bold;
          doc.font(font);
          const fit = identifierLines(pos.barcode, (text, size) => doc.fontSize(size).widthOfString(text), cellW - 3);
          const lineH = fit.size * 1.2;
          const from = y + cellH / 2 - (fit.lines.length * lineH) / 2 + 1;
          doc.fontSize(fit.size).fillColor('#000');
          fit.lines.forEach((line, i) => {
            doc.text(line, x + 1.5, from + i * lineH, { width: cellW - 3, align: 'center', lineBreak: false });
          });
        } else
          doc
            .font(FONT.bold)
            .fontSize(6.5)
            .fillColor('#000')
            .text(pos.label, x + 1.5, y + cellH / 2 - 3, { width: cellW - 3, align: 'center', lineBreak: false, ellipsis: true });
        const value = pos.result_value ?? pos.result_text;
        if (value) {
          doc.fillColor(pos.outcome === 'failed' || pos.outcome === 'retest' ? '#cf1322' : '#389e0d');
          const fit = valueLines(value, (text, size) => doc.fontSize(size).widthOfString(text), cellW - 3);
          const lineH = fit.size * 1.15;
          doc.fontSize(fit.size);
          fit.lines.forEach((line, i) => {
            doc.text(line, x + 1.5, y + cellH - 2 - (fit.lines.length - i) * lineH, { width: cellW - 3, align: 'center', lineBreak: false });
          });
        }
        if (pos.priority === 'urgent')
          doc
            .fontSize(5.5)
            .fillColor('#cf1322')
            .text('URGENT', x + 1.5, y + 1.5, { width: cellW - 3, align: 'right' });
      }
    }

    // The worklist, in the order the analyser loads it.
    doc.addPage();
    header();
    const cols = [
      { title: 'Position', w: 20 * MM },
      { title: 'Barcode', w: 70 * MM },
      { title: 'Sample ID / control', w: 55 * MM },
      { title: 'Priority', w: 22 * MM },
      { title: 'Result', w: 45 * MM },
      { title: 'Outcome', w: width - 212 * MM },
    ];
    let y = 40 * MM;
    const rowH = 11 * MM;
    const heading = () => {
      y = tableHeading(doc, cols, left, width, y);
    };
    heading();
    const order = plateWells(ws.size as PlateSize, 'column');
    const listed = [...ws.positions].sort((a, b) => order.indexOf(a.well) - order.indexOf(b.well));
    for (const pos of listed) {
      if (y + rowH > doc.page.height - 30 * MM) {
        doc.addPage();
        header();
        y = 40 * MM;
        heading();
      }
      let x = left;
      const cells = [
        pos.well,
        '',
        pos.kind === 'sample' ? (pos.barcode ?? '') : `${pos.barcode ? `${pos.barcode}: ` : ''}${pos.label} (${pos.kind})`,
        pos.priority ?? '',
        pos.result_value ?? pos.result_text ?? '',
        [pos.outcome, pos.note].filter(Boolean).join(': '),
      ];
      doc.font(FONT.regular).fontSize(8).fillColor('#000');
      cols.forEach((c, i) => {
        if (i === 1 && pos.barcode) drawBarcode(doc, pos.barcode, x + 2, y + 0.5 * MM, c.w - 6, rowH - 3 * MM);
        else doc.text(cells[i]!, x + 2, y + 3 * MM, { width: c.w - 4, height: rowH - 3 * MM, ellipsis: true });
        x += c.w;
      });
      y += rowH;
      doc
        .moveTo(left, y - 1)
        .lineTo(left + width, y - 1)
        .lineWidth(0.3)
        .stroke('#bfbfbf');
    }
    // The run's signatures.
    y = Math.min(y + 8 * MM, doc.page.height - 24 * MM);
    doc.font(FONT.regular).fontSize(9).fillColor('#000');
    ['Plate loaded by', 'Run by', 'Results reviewed by'].forEach((who, i) => {
      const x = left + i * (width / 3);
      doc.text(`${who}: ____________________`, x, y, { width: width / 3 - 6 * MM });
      doc.text('Date and time: ______________', x, y + 6 * MM, { width: width / 3 - 6 * MM });
    });
  });
}

/**
 * The worklist file the analyser imports: one line per position in the order it loads them (down the columns), as
 * CSV — the well, the sample ID (a control's name) and its type. The m2000's and the cobas's own import formats
 * differ by instrument software version; a plain CSV in load order is what each accepts through its import
 * mapping. A GeneXpert takes its sample IDs one per line.
 */
export function worklistFile(ws: WorksheetDetail): { name: string; type: string; body: string } {
  const order = plateWells(ws.size as PlateSize, 'column');
  const listed = [...ws.positions].sort((a, b) => order.indexOf(a.well) - order.indexOf(b.well));
  if (ws.format === 'genexpert')
    return {
      name: `${ws.number}-worklist.txt`,
      type: 'text/plain; charset=utf-8',
      body: `${listed.map((pos) => pos.barcode ?? pos.label).join('\r\n')}\r\n`,
    };
  const rows = listed.map((pos) => [
    pos.well,
    pos.barcode ?? pos.label,
    pos.kind === 'sample' || pos.kind === 'duplicate' ? 'Patient' : pos.kind === 'control' ? 'Control' : 'Blank',
    ws.test_type_name,
  ]);
  return {
    name: `${ws.number}-worklist.csv`,
    type: 'text/csv; charset=utf-8',
    body: stringify([['Position', 'SampleId', 'SampleType', 'Test'], ...rows], { record_delimiter: '\r\n' }),
  };
}

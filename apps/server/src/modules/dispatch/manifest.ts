import { DISPATCH_STATUS, type ShipmentDetail, statusLabel } from '@nlims/contracts';
import { drawBarcode, FONT, formatDateTime, renderPdf, tableHeading } from '../../core/pdf.js';

const MM = 72 / 25.4;
const PLURAL = new Intl.PluralRules('en');
/** A count with its noun in the manifest's language (English): "1 sample", "2 samples". */
export const counted = (n: number, one: string, other: string) => `${n} ${PLURAL.select(n) === 'one' ? one : other}`;
const TEMPERATURE: Record<string, string> = { ambient: 'Ambient', '2-8': '2–8 °C', '-20': '−20 °C', '-80': '−80 °C' };

/**
 * A shipment's manifest, A4 portrait: the shipment number as a barcode; sender, testing laboratory, courier and
 * rider, packaging, boxes and temperatures; each sample with its barcode (Code 128), programme, sample type and
 * collection time; then the chain-of-custody signature lines (packed by, picked up by, received by).
 */
export function renderManifest(s: ShipmentDetail): Promise<Buffer> {
  return renderPdf({ size: 'A4', margin: 14 * MM, info: { Title: `Shipment manifest ${s.number}` } }, (doc) => {
    const left = 14 * MM;
    const width = doc.page.width - 28 * MM;
    const header = () => {
      doc
        .font(FONT.bold)
        .fontSize(15)
        .fillColor('#000')
        .text('Specimen shipment manifest', left, 14 * MM, { width: width - 70 * MM });
      doc
        .font(FONT.regular)
        .fontSize(9)
        .text(`${s.number} · ${statusLabel(DISPATCH_STATUS, s.status)} · ${counted(s.samples_count, 'sample', 'samples')}`, left, 21 * MM, {
          width: width - 70 * MM,
        });
      drawBarcode(doc, s.number, left + width - 65 * MM, 12 * MM, 65 * MM, 13 * MM);
    };
    header();
    const facts: [string, string][] = [
      ['From', s.sending_facility_name],
      ['To (testing laboratory)', s.receiving_facility_name],
      ['Courier', s.courier_name ?? '—'],
      ['Rider', [s.rider_name, s.rider_phone].filter(Boolean).join(', ') || '—'],
      ['Pick-up date', s.pickup_date.split('-').reverse().join('/')],
      ['Packaging', `${s.packaging || '—'} · ${counted(s.boxes, 'box', 'boxes')}`],
      ['Storage temperature', TEMPERATURE[s.storage_temperature] ?? s.storage_temperature],
      ['Temperature at pick-up', s.pickup_temperature == null ? '—' : `${s.pickup_temperature} °C`],
      ['Packed by', s.packed_by],
      ['Due at the laboratory', s.due_at ? formatDateTime(s.due_at) : '—'],
    ];
    let y = 32 * MM;
    const half = width / 2;
    facts.forEach(([label, value], i) => {
      const x = left + (i % 2) * half;
      if (i % 2 === 0 && i > 0) y += 9 * MM;
      doc
        .font(FONT.bold)
        .fontSize(7.5)
        .fillColor('#595959')
        .text(label.toUpperCase(), x, y, { width: half - 4 * MM });
      doc
        .font(FONT.regular)
        .fontSize(9.5)
        .fillColor('#000')
        .text(value, x, y + 3.5 * MM, { width: half - 4 * MM, height: 5 * MM, ellipsis: true });
    });
    y += 13 * MM;

    const cols = [
      { title: '#', w: 8 * MM },
      { title: 'Barcode', w: 62 * MM },
      { title: 'Programme', w: 30 * MM },
      { title: 'Sample type', w: 32 * MM },
      { title: 'Collected', w: width - 132 * MM - 18 * MM },
      { title: 'Received', w: 18 * MM },
    ];
    const rowH = 12 * MM;
    const heading = () => {
      y = tableHeading(doc, cols, left, width, y);
    };
    heading();
    s.samples.forEach((sample, i) => {
      if (y + rowH > doc.page.height - 40 * MM) {
        doc.addPage();
        header();
        y = 32 * MM;
        heading();
      }
      let x = left;
      const cells = [String(i + 1), '', sample.program, sample.sample_type_name ?? '—', sample.collected_at ? formatDateTime(sample.collected_at) : '—', '☐'];
      doc.font(FONT.regular).fontSize(8.5).fillColor('#000');
      cols.forEach((c, k) => {
        if (k === 1) {
          drawBarcode(doc, sample.barcode, x + 1.5, y + 0.5 * MM, c.w - 4, 7 * MM);
          doc.fontSize(7).text(sample.barcode, x + 1.5, y + 8 * MM, { width: c.w - 3, lineBreak: false });
          doc.fontSize(8.5);
        } else doc.text(cells[k]!, x + 1.5, y + 3.5 * MM, { width: c.w - 3, height: rowH - 4 * MM, ellipsis: true });
        x += c.w;
      });
      y += rowH;
      doc
        .moveTo(left, y - 1)
        .lineTo(left + width, y - 1)
        .lineWidth(0.3)
        .stroke('#bfbfbf');
    });

    // The chain of custody.
    // The block is 36 mm tall and must end above the bottom margin, or pdfkit breaks the page inside it.
    const block = 36 * MM;
    const bottom = doc.page.height - 16 * MM;
    if (y + 10 * MM + block > bottom) {
      doc.addPage();
      header();
      y = 32 * MM;
    } else y = Math.max(y + 10 * MM, bottom - block);
    doc.font(FONT.bold).fontSize(9).fillColor('#000').text('Chain of custody', left, y);
    y += 6 * MM;
    doc.font(FONT.regular).fontSize(8.5);
    ['Packed by', 'Picked up by (courier)', 'Received by (laboratory)'].forEach((who, i) => {
      const x = left + i * (width / 3);
      doc.text(`${who}:`, x, y, { width: width / 3 - 5 * MM });
      doc.text('Name: _______________________', x, y + 6 * MM, { width: width / 3 - 5 * MM });
      doc.text('Signature: ___________________', x, y + 12 * MM, { width: width / 3 - 5 * MM });
      doc.text('Date, time: __________________', x, y + 18 * MM, { width: width / 3 - 5 * MM });
      doc.text('Temperature: ________ °C', x, y + 24 * MM, { width: width / 3 - 5 * MM });
    });
  });
}

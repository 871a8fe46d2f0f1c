import { rulesOf } from '@nlims/contracts';
import { drawBarcode, FONT, formatAge, formatDateTime, renderPdf, type Symbology } from '../../core/pdf.js';
import type { ReportData } from './reports.data.js';

const MM = 72 / 25.4;

/**
 * A 50 × 25 mm specimen label of one sample: its barcode (the laboratory
 * number, then `-2`, `-3`… for an order's next samples; Code 128, or a
 * DataMatrix or QR code for small tubes), client (with the request form's identifier), age/sex, sample type, date and tests.
 */
export function renderLabel(data: ReportData, symbology: Symbology = 'code128'): Promise<Buffer> {
  return renderPdf({ size: [50 * MM, 25 * MM], margin: 0, info: { Title: `Label ${data.order.barcode}` } }, (doc) => {
    const w = 50 * MM;
    drawBarcode(doc, data.order.barcode, 2 * MM, 2 * MM, w - 4 * MM, 9 * MM, symbology);
    doc
      .fillColor('#000')
      .font(FONT.bold)
      .fontSize(7)
      .text(`${data.order.barcode} · ${data.order.sample_type_name ?? ''}`, 0, 11.8 * MM, { width: w, align: 'center', lineBreak: false, ellipsis: true });
    doc.font(FONT.regular).fontSize(6);
    // The request form's identifier beside the name (EID: the exposed-infant number the DBS card is matched by; TB: the LGA TB number).
    const form = (data.order.form ?? {}) as Record<string, unknown>;
    const identifier = Object.keys(rulesOf(data.order.program).identifierFields ?? {})
      .map((field) => form[field])
      .find((v): v is string => typeof v === 'string' && v !== '');
    doc.text([data.order.client_name, identifier].filter(Boolean).join(' · '), 2 * MM, 15 * MM, {
      width: w - 4 * MM,
      height: 7,
      ellipsis: true,
      lineBreak: false,
    });
    doc.text(
      `${data.order.sex === 'female' ? 'F' : 'M'} · ${formatAge(data.order.date_of_birth)} · ${formatDateTime(data.order.collected_at ?? data.order.created_at)}`,
      2 * MM,
      18 * MM,
      { width: w - 4 * MM },
    );
    doc.text(data.order.tests.map((t) => t.test_type_name).join(', '), 2 * MM, 21 * MM, { width: w - 4 * MM, height: 7, ellipsis: true, lineBreak: false });
  });
}

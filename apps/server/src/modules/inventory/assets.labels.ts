import { sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../core/db.js';
import { notFound } from '../../core/errors.js';
import { drawBarcode, FONT, renderPdf } from '../../core/pdf.js';
import type { Principal } from '../users/users.service.js';
import { adminFacility } from './assets.access.js';

const MM = 72 / 25.4;

interface LabelRow {
  tag: string;
  name: string;
  facility: string;
}

/** The assets' labels, in the order asked; any id not of the caller's facility is not found. */
export async function labelRows(db: Db, p: Principal, ids: readonly number[]): Promise<LabelRow[]> {
  const facility = adminFacility(p);
  const rows = rowsOf<LabelRow & { id: number }>(
    await db.execute(sql`
      select a.id, a.tag, a.name, f.facility_name as facility from assets a join facilities f on f.id = a.facility_id
      where a.facility_id = ${facility} and a.id in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})`),
  );
  const byId = new Map(rows.map((r) => [r.id, r]));
  if (ids.some((id) => !byId.has(id))) throw notFound();
  return ids.map((id) => byId.get(id)!);
}

/** 50 × 25 mm asset tags, one a page: the tag as Code 128 (what the scanner reads), the tag in clear, the name, the facility. */
export function renderAssetLabels(rows: readonly LabelRow[]): Promise<Buffer> {
  const w = 50 * MM;
  return renderPdf({ size: [w, 25 * MM], margin: 0, autoFirstPage: false, info: { Title: `Asset tags (${rows.length})` } }, (doc) => {
    for (const r of rows) {
      doc.addPage({ size: [w, 25 * MM], margin: 0 });
      drawBarcode(doc, r.tag, 2 * MM, 2 * MM, w - 4 * MM, 10 * MM);
      doc
        .fillColor('#000')
        .font(FONT.bold)
        .fontSize(8)
        .text(r.tag, 0, 12.8 * MM, { width: w, align: 'center', lineBreak: false });
      doc
        .font(FONT.regular)
        .fontSize(6.5)
        .text(r.name, 2 * MM, 16.8 * MM, { width: w - 4 * MM, align: 'center', height: 8, ellipsis: true, lineBreak: false });
      doc.fontSize(5.5).text(r.facility, 2 * MM, 20.5 * MM, { width: w - 4 * MM, align: 'center', height: 7, ellipsis: true, lineBreak: false });
    }
  });
}

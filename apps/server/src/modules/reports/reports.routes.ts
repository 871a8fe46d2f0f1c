import { z } from 'zod';
import { idParams, type ProgramForm } from '@nlims/contracts';
import { principalOf } from '../../core/auth.js';
import type { Db } from '../../core/db.js';
import { SYMBOLOGIES, sendPdf, type Symbology } from '../../core/pdf.js';
import type { App } from '../../core/types.js';
import { recordAudit } from '../audit/audit.service.js';
import { FORMS } from '../samples/forms.js';
import { assertReportReleasable, renderLabel, renderReport, type ReportData, reportData } from './reports.service.js';

const tags = ['samples'];
/** A PDF document: binary, described for the OpenAPI document (a Buffer is sent as it is, never serialised). */
const PDF = z.any().meta({ type: 'string', format: 'binary' });
const pdfQuery = z.object({ download: z.enum(['0', '1']).optional() });
const labelQuery = pdfQuery.extend({ symbology: z.enum(SYMBOLOGIES).optional() });

/** `GET /api/<form>/<id>/report/` and `…/label/`: a sample's result report and its label, as PDF, for every form. */
export function reportRoutes(app: App, db: Db): void {
  for (const form of FORMS) formReports(app, db, form);
}

function formReports(app: App, db: Db, form: ProgramForm): void {
  const base = `/api/${form}`;
  for (const [kind, querystring, render] of [
    ['report', pdfQuery, (data: ReportData) => renderReport(data)],
    ['label', labelQuery, (data: ReportData, q: { symbology?: Symbology }) => renderLabel(data, q.symbology)],
  ] as const) {
    app.get(
      `${base}/:id/${kind}/`,
      {
        schema: {
          tags,
          summary: kind === 'report' ? `The order's result report as PDF (${form})` : `The sample's label as PDF (${form})`,
          params: idParams,
          querystring,
          response: { 200: { description: `The ${kind} (PDF).`, content: { 'application/pdf': { schema: PDF } } } },
        },
      },
      async (request, reply) => {
        const p = principalOf(request);
        const query = request.query as { download?: '0' | '1'; symbology?: Symbology };
        const data = await reportData(db, p, form, request.params.id);
        if (kind === 'report') await assertReportReleasable(db, p, request.params.id);
        const pdf = await render(data, query);
        const download = query.download === '1';
        await recordAudit(db, p, {
          action: kind === 'report' ? (download ? 'report.export' : 'report.view') : 'label.print',
          entity: 'sample_access',
          entityId: String(request.params.id),
          after: { format: 'pdf', download },
        });
        const name = `${kind}-${kind === 'report' ? data.order.lab_number : data.order.barcode}.pdf`;
        return sendPdf(reply, pdf, name, download);
      },
    );
  }
}

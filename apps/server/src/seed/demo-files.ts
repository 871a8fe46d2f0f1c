import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { FILE_KINDS } from '@nlims/contracts';
import { and, eq, isNull } from 'drizzle-orm';
import type { Tx } from '../core/db.js';
import { lagosToday, addDays } from '../core/period.js';
import { createFiles, createFolder } from '../modules/files/files.service.js';
import { folders } from '../modules/files/files.table.js';
import { storageFromEnv } from '../modules/files/files.storage.js';
import { FONT, renderPdf } from '../core/pdf.js';
import { principalOf } from './demo-steps.js';

interface DemoDocument {
  code: string;
  title: string;
  /** Each version's effective and review dates, in days from today (a negative review: past its review date). */
  versions: { effective: number; review: number; approvedBy: string }[];
}

/** Per laboratory: one document in its second version, one past its review date, one current. */
const DOCUMENTS: Record<'ikeja' | 'yaba', { supervisor: string; documents: DemoDocument[] }> = {
  ikeja: {
    supervisor: 'clin_supervisor',
    documents: [
      {
        code: 'SOP-CHEM-001',
        title: 'Fasting blood glucose on the chemistry analyser',
        versions: [
          { effective: -700, review: -335, approvedBy: 'Dr Adaeze Okafor' },
          { effective: -300, review: 430, approvedBy: 'Dr Adaeze Okafor' },
        ],
      },
      {
        code: 'SOP-REC-001',
        title: 'Sample reception and rejection criteria',
        versions: [{ effective: -420, review: -40, approvedBy: 'Mrs Funke Adeyemi' }],
      },
      {
        code: 'SOP-QC-001',
        title: 'Internal quality control and Westgard rules',
        versions: [{ effective: -150, review: 580, approvedBy: 'Dr Adaeze Okafor' }],
      },
    ],
  },
  yaba: {
    supervisor: 'ph_supervisor',
    documents: [
      {
        code: 'SOP-TB-001',
        title: 'Xpert MTB/RIF testing of sputum',
        versions: [
          { effective: -800, review: -435, approvedBy: 'Dr Ibrahim Musa' },
          { effective: -250, review: 480, approvedBy: 'Dr Ibrahim Musa' },
        ],
      },
      {
        code: 'SOP-BIO-001',
        title: 'Biosafety in the TB containment laboratory',
        versions: [{ effective: -500, review: -20, approvedBy: 'Dr Ibrahim Musa' }],
      },
      { code: 'SOP-VL-001', title: 'HIV-1 viral load on the PCR platform', versions: [{ effective: -90, review: 640, approvedBy: 'Dr Ngozi Eze' }] },
    ],
  },
};

/** A one-page SOP, the same bytes every time it is made. */
function sopPdf(facility: string, doc: DemoDocument, version: number, effective: string, review: string): Promise<Buffer> {
  return renderPdf({ size: 'A4', margin: 50, info: { Title: `${doc.code} ${doc.title}`, CreationDate: new Date('2026-01-01T00:00:00Z') } }, (pdf) => {
    pdf.font(FONT.bold).fontSize(16).fillColor('#0b6e4f').text(facility);
    pdf.moveDown().font(FONT.bold).fontSize(13).fillColor('#000').text(`${doc.code} — ${doc.title}`);
    pdf.font(FONT.regular).fontSize(10).text(`Version ${version} · effective ${effective} · review by ${review}`);
    pdf.moveDown().text('Standard operating procedure (demonstration copy). Purpose, scope, responsibilities, procedure, quality control and records.');
  });
}

/** A storage key made from what the file is, so seeding again writes the same object rather than a new one. */
function demoKey(bytes: Buffer): string {
  const h = createHash('sha256').update(bytes).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20, 32)}.pdf`;
}

/**
 * The SOPs folder of the Ikeja and Yaba laboratories, with three controlled documents each (one in its second
 * version, one past its review date), uploaded by their supervisors through the files' own service (once). The
 * PDFs go to the configured storage (DATA_DIR/files, or the S3 bucket).
 */
export async function seedFilesDemo(tx: Tx, ids: { ikeja: number; yaba: number }): Promise<void> {
  const { storage } = storageFromEnv();
  const today = lagosToday();
  for (const [lab, plan] of Object.entries(DOCUMENTS) as [keyof typeof DOCUMENTS, (typeof DOCUMENTS)[keyof typeof DOCUMENTS]][]) {
    const facility = ids[lab];
    const [seeded] = await tx
      .select({ id: folders.id })
      .from(folders)
      .where(and(eq(folders.facilityId, facility), eq(folders.name, 'SOPs'), isNull(folders.parentId)));
    if (seeded) continue;
    const supervisor = await principalOf(tx, plan.supervisor);
    const folder = await createFolder(tx, supervisor, { name: 'SOPs', parent: null });
    for (const doc of plan.documents)
      for (const [i, v] of doc.versions.entries()) {
        const effective = addDays(today, v.effective);
        const review = addDays(today, v.review);
        const bytes = await sopPdf(lab === 'ikeja' ? 'Ikeja Demo Clinical Laboratory' : 'Yaba Demo Reference Laboratory', doc, i + 1, effective, review);
        const key = demoKey(bytes);
        await storage.put(key, Readable.from([bytes]), bytes.length, FILE_KINDS.pdf.media);
        await createFiles(tx, supervisor, {
          folder: folder.id,
          document: { code: doc.code, title: doc.title, effective_date: effective, review_date: review, approved_by: v.approvedBy },
          files: [
            {
              name: `${doc.code} v${i + 1}.pdf`,
              path: '',
              size: bytes.length,
              sha256: createHash('sha256').update(bytes).digest('hex'),
              kind: 'pdf',
              mediaType: FILE_KINDS.pdf.media,
            },
          ],
          keys: [key],
        });
      }
  }
}

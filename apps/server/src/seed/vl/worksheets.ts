import { and, eq } from 'drizzle-orm';
import { VL_CODES } from '@nlims/contracts';
import type { Tx } from '../../core/db.js';
import { testTypes } from '../../modules/catalogue/catalogue.table.js';
import { qcMaterials } from '../../modules/facility-settings/facility-settings.table.js';
import { m2000Row, writeM2000Log } from '../../modules/worksheets/files/m2000-log.js';
import { createWorksheet, importResults, proposeWorksheet } from '../../modules/worksheets/worksheets.service.js';
import { worksheetTemplates } from '../../modules/worksheets/worksheets.table.js';
import { principalOf } from '../demo-steps.js';

/**
 * The viral-load bench at Yaba: an Abbott m2000 template (negative, low and high positive controls in A1–A3, the
 * positives being the QC materials of seed/demo-qc.ts), yesterday's worksheet archived with its results file, and
 * today's worksheet open with the samples still waiting. Everything goes through the services, so the plate, the
 * QC run and the entered results are the server's own.
 */
export async function seedWorksheetDemo(tx: Tx, yaba: number, now = new Date()): Promise<void> {
  const [rna] = await tx.select({ id: testTypes.id }).from(testTypes).where(eq(testTypes.code, VL_CODES.RNA));
  if (!rna) return;
  const existing = await tx
    .select({ id: worksheetTemplates.id })
    .from(worksheetTemplates)
    .where(and(eq(worksheetTemplates.facility, yaba), eq(worksheetTemplates.test_type, rna.id)));
  if (existing.length) return;
  const materials = await tx
    .select({ id: qcMaterials.id, level: qcMaterials.level })
    .from(qcMaterials)
    .where(and(eq(qcMaterials.facility, yaba), eq(qcMaterials.test_type, rna.id)));
  const level = (l: string) => materials.find((m) => m.level === l)?.id ?? null;
  const [template] = await tx
    .insert(worksheetTemplates)
    .values({
      facility: yaba,
      name: 'Abbott m2000 HIV-1 VL (96)',
      test_type: rna.id,
      format: 'abbott-m2000',
      size: 96,
      fill: 'column',
      controls: [
        { well: 'A1', kind: 'control', label: 'Negative', expect: 'negative', material: null, of: null },
        { well: 'A2', kind: 'control', label: 'Low positive', expect: 'positive', material: level('low'), of: null },
        { well: 'A3', kind: 'control', label: 'High positive', expect: 'positive', material: level('high'), of: null },
      ],
    })
    .returning({ id: worksheetTemplates.id });
  const analyst = await principalOf(tx, 'ph_analyst');
  const yesterday = new Date(now.getTime() - 86_400_000);

  const first = await proposeWorksheet(tx, analyst, template!.id);
  const archived = first.placed.slice(0, 3);
  if (!archived.length) return;
  const ws = await createWorksheet(
    tx,
    analyst,
    { template: template!.id, machine: null, positions: archived.map((c) => ({ well: c.well, test_order: c.test_order })) },
    new Date(yesterday.getTime() - 3 * 3_600_000),
  );
  const values = ['1,250 Copies / mL', '< 40 Copies / mL', 'Not detected'];
  await importResults(
    tx,
    analyst,
    ws.id,
    {
      file_name: `${ws.number}-m2000.txt`,
      content: writeM2000Log(
        [
          m2000Row('A1', 'HIV_NEG', 'Control', 'Not detected'),
          m2000Row('A2', 'HIV_LOPOS', 'Control', '742 Copies / mL'),
          m2000Row('A3', 'HIV_HIPOS', 'Control', '96,181 Copies / mL'),
          ...archived.map((c, i) => m2000Row(c.well, c.barcode, 'Patient', values[i % values.length]!)),
        ],
        ws.number,
      ),
    },
    yesterday,
  );

  const second = await proposeWorksheet(tx, analyst, template!.id);
  if (second.placed.length)
    await createWorksheet(tx, analyst, {
      template: template!.id,
      machine: null,
      positions: second.placed.map((c) => ({ well: c.well, test_order: c.test_order })),
    });
}

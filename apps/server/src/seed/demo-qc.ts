import { and, eq } from 'drizzle-orm';
import type { Tx } from '../core/db.js';
import { testTypes } from '../modules/catalogue/catalogue.table.js';
import { qcMaterials } from '../modules/facility-settings/facility-settings.table.js';
import { recordQcRun } from '../modules/qc/qc.service.js';
import { principalOf } from './demo-steps.js';

/**
 * A month of internal QC for the demo: two chemistry tests at Ikeja (General) and the viral-load controls at Yaba,
 * two levels each, one run a morning for 30 days, each series with one rejected run in the middle of the month (a
 * level 3.4 SD high) and its latest run accepted, so the demo's patients' results are not held. The runs go through
 * the service, so their z-scores and the rules they fired are the server's own.
 */

/** A month of z-scores: in control, with a 1-2s warning, and one 1-3s on day 15. */
const PATTERN = [
  0.3, -0.6, 0.9, 1.1, -0.2, 0.4, -1.3, 0.6, 2.3, -0.4, 0.1, -0.8, 0.7, 1.4, 3.4, 0.2, -0.5, 0.8, -1.1, 0.3, 0.9, -0.3, 1.2, -0.9, 0.5, -0.1, 0.6, -0.7, 0.2,
  0.4,
];

interface Control {
  code: string;
  unit: string;
  levels: { level: 'low' | 'normal' | 'high'; mean: number; sd: number; decimals: number }[];
}

const IKEJA: Control[] = [
  {
    code: 'EUCR-UREA',
    unit: 'mmol/L',
    levels: [
      { level: 'normal', mean: 5.1, sd: 0.2, decimals: 2 },
      { level: 'high', mean: 18.4, sd: 0.6, decimals: 2 },
    ],
  },
  {
    code: 'EUCR-CREAT',
    unit: 'µmol/L',
    levels: [
      { level: 'normal', mean: 88, sd: 4, decimals: 0 },
      { level: 'high', mean: 455, sd: 15, decimals: 0 },
    ],
  },
];

const YABA: Control[] = [
  {
    code: 'VL-HIV-RNA',
    unit: 'copies/mL',
    levels: [
      { level: 'low', mean: 750, sd: 90, decimals: 0 },
      { level: 'high', mean: 95000, sd: 9000, decimals: 0 },
    ],
  },
];

async function seedControls(tx: Tx, facilityId: number, analyst: string, controls: Control[], now: Date): Promise<void> {
  const p = await principalOf(tx, analyst);
  for (const control of controls) {
    const [test] = await tx.select({ id: testTypes.id, name: testTypes.name }).from(testTypes).where(eq(testTypes.code, control.code));
    if (!test) continue;
    const already = await tx
      .select({ id: qcMaterials.id })
      .from(qcMaterials)
      .where(and(eq(qcMaterials.facility, facilityId), eq(qcMaterials.test_type, test.id)));
    if (already.length) continue;
    const materials = await tx
      .insert(qcMaterials)
      .values(
        control.levels.map((l) => ({
          facility: facilityId,
          test_type: test.id,
          name: `${test.name} control (${l.level})`,
          lot_number: `${control.code.split('-').at(-1)}-2611`,
          expiry_date: '2027-06-30',
          level: l.level,
          target_mean: l.mean,
          target_sd: l.sd,
          unit: control.unit,
        })),
      )
      .returning({ id: qcMaterials.id });
    for (const [day, z] of PATTERN.entries()) {
      // 07:30 Lagos time, 30 mornings ago up to yesterday
      const at = new Date(now.getTime() - (PATTERN.length - day) * 86_400_000);
      at.setUTCHours(6, 30, 0, 0);
      await recordQcRun(
        tx,
        p,
        {
          machine: null,
          run_at: at.toISOString(),
          comment: '',
          // the out-of-control result on the high level only; the other level steady
          results: control.levels.map((l, i) => {
            const shift = i === control.levels.length - 1 ? z : z / 3;
            const value = l.mean + shift * l.sd;
            return { material: materials[i]!.id, value: Number(value.toFixed(l.decimals)) };
          }),
        },
        now,
      );
    }
  }
}

export async function seedQcDemo(tx: Tx, ikeja: number, yaba: number, now = new Date()): Promise<void> {
  await seedControls(tx, ikeja, 'clin_analyst', IKEJA, now);
  await seedControls(tx, yaba, 'ph_analyst', YABA, now);
}

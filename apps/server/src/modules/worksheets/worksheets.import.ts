import { and, eq, sql } from 'drizzle-orm';
import {
  type ImportPreview,
  type ImportRow,
  type ImportSaved,
  type ResultFileFormat,
  type resultFileBody,
  TARGET_NOT_DETECTED,
  wireValue,
} from '@nlims/contracts';
import type { z } from 'zod';
import type { Tx } from '../../core/db.js';
import { conflict, ValidationError } from '../../core/errors.js';
import { recordAudit } from '../audit/audit.service.js';
import { testTypes } from '../catalogue/catalogue.table.js';
import { machineSettings } from '../facility-settings/facility-settings.table.js';
import { recordQcRun } from '../qc/qc.service.js';
import { enterResults } from '../results/results.service.js';
import { samples, testOrders } from '../samples/samples.table.js';
import type { Principal } from '../users/users.service.js';
import { readAbbottM2000 } from './files/abbott-m2000.js';
import { readGenericCsv } from './files/generic-csv.js';
import { readGeneXpert } from './files/genexpert.js';
import { type FileRow, type ReadOptions, ResultFileError } from './files/read.js';
import { readCobas4800, readCobas6800 } from './files/roche-cobas.js';
import { releaseSamples } from './worksheets.moves.js';
import { worksheetRow } from './worksheets.read.js';
import { worksheetPositions, worksheets, worksheetTemplates } from './worksheets.table.js';

/** Read a results file in the template's format; a file that cannot be read is a 400 on `file` naming its line and column. */
export function readResultFile(
  format: ResultFileFormat,
  content: string,
  options: ReadOptions & { mapping?: Parameters<typeof readGenericCsv>[1] | null },
): FileRow[] {
  try {
    switch (format) {
      case 'abbott-m2000':
        return readAbbottM2000(content, options);
      case 'roche-cobas-4800':
        return readCobas4800(content, options);
      case 'roche-cobas-6800':
        return readCobas6800(content, options);
      case 'genexpert':
        return readGeneXpert(content, options);
      case 'generic-csv':
        if (!options.mapping) throw new ResultFileError(null, null, 'the template has no column mapping for this CSV.');
        return readGenericCsv(content, options.mapping, options);
    }
  } catch (error) {
    if (error instanceof ResultFileError) throw ValidationError.field('file', error.message);
    throw error;
  }
}

interface Position {
  id: number;
  well: string;
  kind: 'sample' | 'control' | 'blank' | 'duplicate';
  duplicateOf: string | null;
  label: string;
  expect: 'negative' | 'positive' | null;
  materialId: number | null;
  testOrderId: number | null;
  barcode: string | null;
}

/** A control's judgement before its QC run: an instrument error, no value, or a value where none belongs (or none where one does). */
function controlProblem(pos: Position, row: FileRow | undefined): string | null {
  if (!row) return 'No result for this control in the file.';
  if (row.error) return `Instrument error: ${row.error}`;
  if (!row.value.ok) return `No value: ${row.value.reason}`;
  const { numeric, qualifier } = row.value.value;
  const nothing = qualifier === TARGET_NOT_DETECTED || qualifier === '<' || numeric === 0;
  if (pos.expect === 'negative' && !nothing) return `Detected (${row.text}) where nothing should be.`;
  if (pos.expect === 'positive' && nothing) return `Not detected (${row.text}) where a target should be.`;
  if (pos.expect === 'positive' && qualifier === '>') return `Above the assay's range (${row.text}).`;
  return null;
}

/**
 * Import an analyser's results file for an open worksheet, in the caller's transaction. The file is read in the
 * template's format; each line matched to a position by the sample's barcode, its controls to the control
 * positions (by well, else in the template's order); unmatched IDs and instrument errors shown apart. The controls
 * are judged — an instrument error, a negative control that detects, a positive one that does not — and those that
 * are QC materials make a QC run the Westgard rules judge. If every control passes, each sample's value is entered
 * (ENTERED, through the results service, each with its audit row) and the rest go back for retest with the reason;
 * if one fails, every sample goes back for retest. The preview is the same work in a transaction the route rolls
 * back, so what it shows is what saving does.
 */
export async function importResults(tx: Tx, p: Principal, id: number, body: z.output<typeof resultFileBody>, now = new Date()): Promise<ImportSaved> {
  const ws = await worksheetRow(tx, p, id, { lock: true });
  if (ws.state !== 'open') throw conflict(`Worksheet ${ws.number} is ${ws.state}: its results are in.`);
  const [setup] = await tx
    .select({ template: worksheetTemplates, test: testTypes, instrument: machineSettings.instrument })
    .from(worksheetTemplates)
    .innerJoin(testTypes, eq(testTypes.id, worksheetTemplates.test_type))
    .leftJoin(machineSettings, eq(machineSettings.id, sql`${ws.machineId}::int`))
    .where(eq(worksheetTemplates.id, ws.templateId));
  const { template, test } = setup!;
  const rows = readResultFile(template.format, body.content, {
    limits: { lower: test.reporting_low ?? undefined, upper: test.reporting_high ?? undefined },
    mapping: template.mapping,
  });
  if (!rows.length) throw ValidationError.field('file', 'The file holds no results.');

  const positions: Position[] = await tx
    .select({
      id: worksheetPositions.id,
      well: worksheetPositions.well,
      kind: worksheetPositions.kind,
      duplicateOf: worksheetPositions.duplicateOf,
      label: worksheetPositions.label,
      expect: worksheetPositions.expect,
      materialId: worksheetPositions.materialId,
      testOrderId: worksheetPositions.testOrderId,
      barcode: samples.barcode,
    })
    .from(worksheetPositions)
    .leftJoin(testOrders, eq(testOrders.id, worksheetPositions.testOrderId))
    .leftJoin(samples, eq(samples.id, testOrders.sampleId))
    .where(eq(worksheetPositions.worksheetId, id));
  const byBarcode = new Map(positions.filter((x) => x.barcode).map((x) => [x.barcode!.toUpperCase(), x]));
  const controls = positions.filter((x) => x.kind === 'control');
  // a sample's duplicate, by the sample's well
  const duplicateOf = new Map(positions.filter((x) => x.kind === 'duplicate' && x.duplicateOf).map((x) => [x.duplicateOf!, x]));
  const duplicateRows = new Map<number, FileRow>();

  // Match: samples by barcode; controls by well, else the file's control lines in the template's order.
  const matched = new Map<number, FileRow>();
  const controlOf = new Map<number, FileRow>();
  const out: ImportRow[] = [];
  const loose: { row: FileRow; index: number }[] = [];
  for (const row of rows) {
    const sample = byBarcode.get(row.sampleId.trim().toUpperCase());
    const wire = row.value.ok ? wireValue(row.value.value.numeric, row.value.value.qualifier) : null;
    const base = { line: row.line, sample_id: row.sampleId, file_well: row.well, text: row.text, value: wire == null ? null : String(wire) };
    if (sample) {
      // the sample's duplicate: the line in the duplicate's well, else its second line
      const duplicate = duplicateOf.get(sample.well);
      const fileWell = row.well?.toUpperCase();
      if (duplicate && !duplicateRows.has(duplicate.id) && (fileWell === duplicate.well || (matched.has(sample.id) && fileWell !== sample.well))) {
        duplicateRows.set(duplicate.id, row);
        out.push({ ...base, well: duplicate.well, kind: 'duplicate', problem: row.error ? `Instrument error: ${row.error}` : null });
        continue;
      }
      const again = matched.has(sample.id);
      const problem = again
        ? 'A second result for this sample in the file.'
        : row.error
          ? `Instrument error: ${row.error}`
          : !row.value.ok
            ? `No value: ${row.value.reason}`
            : null;
      if (!again) matched.set(sample.id, row);
      out.push({ ...base, well: sample.well, kind: 'sample', problem });
      continue;
    }
    const byWell = row.well ? controls.find((c) => c.well === row.well!.toUpperCase() && !controlOf.has(c.id)) : undefined;
    if (byWell) {
      controlOf.set(byWell.id, row);
      out.push({ ...base, well: byWell.well, kind: 'control', problem: controlProblem(byWell, row) });
    } else if (row.kind === 'control') {
      loose.push({ row, index: out.length });
      out.push({ ...base, well: null, kind: 'control', problem: null });
    } else out.push({ ...base, well: null, kind: 'unmatched', problem: 'Not on this worksheet.' });
  }
  for (const { row, index } of loose) {
    const free = controls.find((c) => !controlOf.has(c.id));
    if (!free) {
      out[index] = { ...out[index]!, kind: 'unmatched', problem: 'A control this worksheet does not have.' };
      continue;
    }
    controlOf.set(free.id, row);
    out[index] = { ...out[index]!, well: free.well, problem: controlProblem(free, row) };
  }
  const samplesOn = positions.filter((x) => x.kind === 'sample');
  if (samplesOn.length && !matched.size)
    throw ValidationError.field('file', `None of the file's sample IDs is on worksheet ${ws.number}: is this the results file of another plate?`);

  // The controls: their own checks, then the Westgard rules on those that are QC materials.
  const judged = controls.map((c) => ({ c, row: controlOf.get(c.id), reason: controlProblem(c, controlOf.get(c.id)) }));
  const measured = judged.filter((j) => j.c.materialId != null && !j.reason && j.row?.value.ok && j.row.value.value.numeric != null);
  let qcRun: number | null = null;
  if (measured.length) {
    const run = await recordQcRun(
      tx,
      p,
      {
        machine: ws.machineId,
        results: measured.map((j) => ({ material: j.c.materialId!, value: (j.row!.value as { ok: true; value: { numeric: number } }).value.numeric })),
        comment: `Worksheet ${ws.number}`,
      },
      now,
    );
    qcRun = run.id;
    for (const [i, j] of measured.entries()) {
      const rejected = run.results[i]!.violations.filter((v) => v.severity === 'reject').map((v) => v.rule);
      if (rejected.length) j.reason = `QC rule ${rejected.join(', ')} (z = ${run.results[i]!.z}).`;
      else if (run.verdict === 'rejected') j.reason = `The QC run was rejected (run ${run.id}).`;
    }
  }
  const passed = judged.every((j) => !j.reason);
  for (const j of judged) {
    const index = out.findIndex((r) => r.kind === 'control' && r.well === j.c.well);
    if (index >= 0) out[index] = { ...out[index]!, problem: j.reason };
  }
  const failedControls = judged.filter((j) => j.reason);
  const runReason = failedControls.map((j) => `${j.c.label} (${j.c.well}): ${j.reason}`).join(' ');

  // The samples: entered when the run passes and the value is good; otherwise back for retest with the reason.
  const entered: { pos: Position; wire: string | number }[] = [];
  const retest: { pos: Position; reason: string }[] = [];
  const lineOf = new Map(out.map((r) => [r.line, r]));
  for (const pos of samplesOn) {
    const row = matched.get(pos.id);
    const problem = row ? lineOf.get(row.line)?.problem : null;
    if (!passed) retest.push({ pos, reason: `Worksheet ${ws.number}: controls failed. ${runReason}` });
    else if (!row) retest.push({ pos, reason: `Worksheet ${ws.number}: no result in the file.` });
    else if (problem) retest.push({ pos, reason: `Worksheet ${ws.number}: ${problem}` });
    else if (row.value.ok) entered.push({ pos, wire: wireValue(row.value.value.numeric, row.value.value.qualifier)! });
  }
  // One batch through the results service; a value the test refuses (out of its reportable range) goes for retest.
  const { refused } = await enterResults(
    tx,
    p,
    entered.map((e) => ({
      test_order: e.pos.testOrderId!,
      value: e.wire,
      comment: `Worksheet ${ws.number}, ${e.pos.well}`,
      method: null,
      instrument: setup!.instrument ?? null,
      isolates: [],
    })),
    { lenient: true },
  );
  for (const r of refused) {
    const pos = entered.find((e) => e.pos.testOrderId === r.test_order)!.pos;
    retest.push({ pos, reason: `Worksheet ${ws.number}: ${r.message}` });
    const line = matched.get(pos.id)!.line;
    lineOf.set(line, { ...lineOf.get(line)!, problem: r.message });
  }
  const rowsOut = out.map((r) => lineOf.get(r.line) ?? r);
  await releaseSamples(
    tx,
    p,
    id,
    retest.map((r) => ({ testOrder: r.pos.testOrderId!, reason: r.reason })),
    now,
  );

  // What each position gave and what became of it, in one statement.
  const notes = positions.map((pos) => {
    const row = pos.kind === 'sample' ? matched.get(pos.id) : pos.kind === 'duplicate' ? duplicateRows.get(pos.id) : controlOf.get(pos.id);
    const value = row?.value.ok ? String(wireValue(row.value.value.numeric, row.value.value.qualifier)) : null;
    const control = judged.find((j) => j.c.id === pos.id);
    const again = retest.find((r) => r.pos.id === pos.id);
    const outcome =
      pos.kind === 'control' ? (control?.reason ? 'failed' : 'passed') : pos.kind === 'blank' || pos.kind === 'duplicate' ? null : again ? 'retest' : 'entered';
    return { id: pos.id, text: row?.text ?? null, value, outcome, note: control?.reason ?? again?.reason ?? null };
  });
  await tx.execute(sql`update worksheet_positions set result_text = v.text, result_value = v.value, outcome = v.outcome, note = v.note
    from (values ${sql.join(
      notes.map((n) => sql`(${n.id}::int, ${n.text}::text, ${n.value}::text, ${n.outcome}::text, ${n.note}::text)`),
      sql`, `,
    )}) as v(id, text, value, outcome, note) where worksheet_positions.id = v.id`);
  const state = passed ? 'closed' : 'failed';
  await tx
    .update(worksheets)
    .set({ state, closedAt: now, closedBy: p.id, qcRunId: qcRun, fileName: body.file_name, fileContent: body.content, reason: passed ? null : runReason })
    .where(and(eq(worksheets.id, id), eq(worksheets.state, 'open')));
  await recordAudit(tx, p, {
    action: passed ? 'worksheet.results' : 'worksheet.failed',
    entity: 'worksheet',
    entityId: String(id),
    reason: passed ? null : runReason,
    after: { number: ws.number, file: body.file_name, entered: entered.length - refused.length, retest: retest.length, qc_run: qcRun },
  });

  const preview: ImportPreview = {
    worksheet: id,
    format: template.format,
    rows: rowsOut,
    controls: judged.map((j) => ({ well: j.c.well, label: j.c.label, text: j.row?.text ?? null, passed: !j.reason, reason: j.reason })),
    missing: samplesOn.filter((s) => !matched.has(s.id)).map((s) => ({ well: s.well, barcode: s.barcode ?? '' })),
    passed,
    counts: { results: entered.length - refused.length, retest: retest.length, unmatched: out.filter((r) => r.kind === 'unmatched').length },
  };
  return { ...preview, state, qc_run: qcRun };
}

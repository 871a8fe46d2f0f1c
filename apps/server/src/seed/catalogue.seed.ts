import { eq } from 'drizzle-orm';
import type { Tx } from '../core/db.js';
import { CATALOGUE, type CatalogueTest } from '@nlims/contracts';
import { testTypeInstruments, testTypeMethods, testTypes, testTypeSampleTypes } from '../modules/catalogue/catalogue.table.js';
import { programs } from '../modules/programs/programs.table.js';
import { instruments, methods, sampleTypes, sections } from '../modules/reference/reference.table.js';

function lookup(rows: { id: number; name: string }[], what: string) {
  const byName = new Map(rows.map((r) => [r.name, r.id]));
  return (name: string) => {
    const id = byName.get(name);
    if (id === undefined) throw new Error(`Catalogue refers to unknown ${what} "${name}"`);
    return id;
  };
}

/** What the seed keeps in step with the catalogue on an existing row; the rest (name, ranges, TAT, LOINC, active) is the administrators'. */
interface Definition {
  codes: string[];
  is_panel: boolean;
  panel: number | null;
  result_type: string;
  unit: string;
}
const sameDefinition = (a: Definition, b: Definition) =>
  a.is_panel === b.is_panel &&
  a.panel === b.panel &&
  a.result_type === b.result_type &&
  a.unit === b.unit &&
  a.codes.length === b.codes.length &&
  a.codes.every((c, i) => c === b.codes[i]);

/**
 * Seed the test catalogue, idempotently per test code, so a release that
 * changes it reaches existing installs (it runs at every start):
 * - codes not there yet are inserted, panels before their members;
 * - codes already there get the catalogue's definition — result codes, panel
 *   membership, is_panel, result type, unit — when it differs;
 * - missing sample-type, method and instrument links are added.
 * Nothing is deleted. A fixed number of statements whatever the size of the
 * catalogue, plus one update per test whose definition changed (none once in
 * step). A new test whose name an administrator has already given to another
 * test of its programme is skipped, as are its members' links to it.
 */
export async function seedCatalogue(tx: Tx, catalogue: CatalogueTest[] = CATALOGUE): Promise<void> {
  const current = () =>
    tx
      .select({
        id: testTypes.id,
        code: testTypes.code,
        codes: testTypes.codes,
        is_panel: testTypes.is_panel,
        panel: testTypes.panel,
        result_type: testTypes.result_type,
        unit: testTypes.unit,
        loinc_code: testTypes.loinc_code,
      })
      .from(testTypes);
  let rows = await current();
  const have = new Set(rows.map((r) => r.code));
  const missing = catalogue.filter((t) => !have.has(t.code));
  if (missing.length) {
    const program = lookup(await tx.select({ id: programs.id, name: programs.name }).from(programs), 'programme');
    const section = lookup(await tx.select({ id: sections.id, name: sections.name }).from(sections), 'section');
    const insert = async (tests: CatalogueTest[], panelId: (code: string) => number | null) => {
      if (!tests.length) return;
      await tx
        .insert(testTypes)
        .values(
          tests.map((t) => ({
            program: program(t.program),
            name: t.name,
            code: t.code,
            loinc_code: t.loinc ?? '',
            section: section(t.section),
            result_type: t.result,
            unit: t.unit ?? '',
            decimals: t.decimals ?? 0,
            reporting_low: t.reporting?.[0] ?? null,
            reporting_high: t.reporting?.[1] ?? null,
            ref_low: t.ref?.[0] ?? null,
            ref_high: t.ref?.[1] ?? null,
            critical_low: t.critical?.[0] ?? null,
            critical_high: t.critical?.[1] ?? null,
            codes: t.codes ?? [],
            is_culture: t.culture ?? false,
            is_panel: t.isPanel ?? false,
            panel: t.panel ? panelId(t.panel) : null,
            default_tat_hours: t.tatHours ?? 24,
          })),
        )
        // a name already taken in the programme (unique per programme) skips the test
        .onConflictDoNothing();
    };
    await insert(
      missing.filter((t) => t.isPanel),
      () => null,
    );
    // (a panel that was a plain test until now becomes one in the update below, with its members)
    const panelIds = new Map((await tx.select({ id: testTypes.id, code: testTypes.code }).from(testTypes)).map((p) => [p.code, p.id]));
    await insert(
      missing.filter((t) => !t.isPanel),
      (code) => panelIds.get(code) ?? null,
    );
    rows = await current();
  }

  const byCode = new Map(rows.map((r) => [r.code, r]));
  for (const t of catalogue) {
    const row = byCode.get(t.code);
    if (!row) continue;
    const wanted: Definition = {
      codes: t.codes ?? [],
      is_panel: t.isPanel ?? false,
      panel: t.panel ? (byCode.get(t.panel)?.id ?? null) : null,
      result_type: t.result,
      unit: t.unit ?? '',
    };
    if (!sameDefinition(row, wanted)) await tx.update(testTypes).set(wanted).where(eq(testTypes.id, row.id));
  }
  // A LOINC code the catalogue gained fills a row that has none, with LOINC as its system (a code the laboratory gave is kept).
  for (const t of catalogue) {
    const row = byCode.get(t.code);
    if (row && t.loinc && !row.loinc_code)
      await tx.update(testTypes).set({ loinc_code: t.loinc, code_system: 'http://loinc.org' }).where(eq(testTypes.id, row.id));
  }

  const sampleType = lookup(await tx.select({ id: sampleTypes.id, name: sampleTypes.name }).from(sampleTypes), 'sample type');
  const method = lookup(await tx.select({ id: methods.id, name: methods.name }).from(methods), 'method');
  const instrument = lookup(await tx.select({ id: instruments.id, name: instruments.name }).from(instruments), 'instrument');
  const links = <T>(make: (t: CatalogueTest, id: number) => T[]) =>
    catalogue.flatMap((t) => {
      const id = byCode.get(t.code)?.id;
      return id === undefined ? [] : make(t, id);
    });
  const st = links((t, id) => t.sampleTypes.map((n) => ({ testTypeId: id, sampleTypeId: sampleType(n) })));
  const me = links((t, id) => (t.methods ?? []).map((n) => ({ testTypeId: id, methodId: method(n) })));
  const ins = links((t, id) => (t.instruments ?? []).map((n) => ({ testTypeId: id, instrumentId: instrument(n) })));
  if (st.length) await tx.insert(testTypeSampleTypes).values(st).onConflictDoNothing();
  if (me.length) await tx.insert(testTypeMethods).values(me).onConflictDoNothing();
  if (ins.length) await tx.insert(testTypeInstruments).values(ins).onConflictDoNothing();
}

import type { Tx } from '../core/db.js';
import { CATALOGUE, type CatalogueTest } from '../modules/catalogue/catalogue-data.js';
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

/** Seed the test catalogue once, panels before their members; a catalogue already there is left alone. */
export async function seedCatalogue(tx: Tx, catalogue: CatalogueTest[] = CATALOGUE): Promise<void> {
  if ((await tx.select({ id: testTypes.id }).from(testTypes).limit(1)).length) return;
  const program = lookup(await tx.select().from(programs), 'programme');
  const section = lookup(await tx.select({ id: sections.id, name: sections.name }).from(sections), 'section');
  const sampleType = lookup(await tx.select({ id: sampleTypes.id, name: sampleTypes.name }).from(sampleTypes), 'sample type');
  const method = lookup(await tx.select({ id: methods.id, name: methods.name }).from(methods), 'method');
  const instrument = lookup(await tx.select({ id: instruments.id, name: instruments.name }).from(instruments), 'instrument');

  const ordered = [...catalogue.filter((t) => t.isPanel), ...catalogue.filter((t) => !t.isPanel)];
  const idByCode = new Map<string, number>();
  for (const t of ordered) {
    const [row] = await tx
      .insert(testTypes)
      .values({
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
        panel: t.panel ? (idByCode.get(t.panel) ?? null) : null,
        default_tat_hours: t.tatHours ?? 24,
      })
      .returning({ id: testTypes.id });
    idByCode.set(t.code, row!.id);
  }
  const links = <T>(make: (t: CatalogueTest, id: number) => T[]) => catalogue.flatMap((t) => make(t, idByCode.get(t.code)!));
  const st = links((t, id) => t.sampleTypes.map((n) => ({ testTypeId: id, sampleTypeId: sampleType(n) })));
  const me = links((t, id) => (t.methods ?? []).map((n) => ({ testTypeId: id, methodId: method(n) })));
  const ins = links((t, id) => (t.instruments ?? []).map((n) => ({ testTypeId: id, instrumentId: instrument(n) })));
  if (st.length) await tx.insert(testTypeSampleTypes).values(st).onConflictDoNothing();
  if (me.length) await tx.insert(testTypeMethods).values(me).onConflictDoNothing();
  if (ins.length) await tx.insert(testTypeInstruments).values(ins).onConflictDoNothing();
}

import { asc, eq, inArray } from 'drizzle-orm';
import { type ProgramForm, RESULT_STATUS as R } from '@nlims/contracts';
import type { Db } from '../../core/db.js';
import { testTypes } from '../catalogue/catalogue.table.js';
import { effectiveMeasures } from '../facility-settings/effective-measures.js';
import { facilities } from '../facilities/facilities.table.js';
import { lgas, states } from '../geo/geo.table.js';
import { antibiotics, methods, organisms, sampleTypes } from '../reference/reference.table.js';
import { ageInDays } from '../results/flags.js';
import { getSample, testsOf } from '../samples/samples.read.js';
import { lifecycle, type PrintedVerification } from '../samples/lifecycle.js';
import { samples as samplesTable } from '../samples/samples.table.js';
import type { Principal } from '../users/users.service.js';
import { users } from '../users/users.table.js';
import { type ReportLine, reportLine } from './reports.line.js';

/**
 * Everything a printed report or label shows, gathered in a handful of
 * queries: the sample asked for (`order`, its label), and for the report the
 * whole order — each sample with its type and times, and its tests grouped
 * under their panel's name.
 */
export async function reportData(db: Db, p: Principal, form: ProgramForm, id: number) {
  const order = await getSample(db, p, form, id);
  // The laboratory that holds the sample heads the report; a referred sample also names the facility that sent it.
  const [where] = await db
    .select({ facility: samplesTable.facilityId, referredFrom: samplesTable.referredFromFacilityId })
    .from(samplesTable)
    .where(eq(samplesTable.id, id));
  const [facilityRow] = await db
    .select({ f: facilities, state: states.name, lga: lgas.name })
    .from(facilities)
    .innerJoin(states, eq(states.id, facilities.stateId))
    .innerJoin(lgas, eq(lgas.id, facilities.lgaId))
    .where(eq(facilities.id, where?.facility ?? order.facility));
  const [referrer] = where?.referredFrom
    ? await db.select({ name: facilities.facilityName }).from(facilities).where(eq(facilities.id, where.referredFrom))
    : [];
  const sampleRows = await db
    .select({ s: samplesTable, typeName: sampleTypes.name })
    .from(samplesTable)
    .leftJoin(sampleTypes, eq(sampleTypes.id, samplesTable.sampleTypeId))
    .where(eq(samplesTable.orderId, order.order))
    .orderBy(asc(samplesTable.seq));
  const tests = await testsOf(
    db,
    sampleRows.map((r) => r.s.id),
  );
  const panelIds = [...new Set(tests.map((t) => t.panel).filter((x): x is number => x != null))];
  const panels = panelIds.length ? await db.select({ id: testTypes.id, name: testTypes.name }).from(testTypes).where(inArray(testTypes.id, panelIds)) : [];
  const results = tests.map((t) => t.result).filter((r) => r != null);
  const usernames = [...new Set(results.flatMap((r) => [r.entered_by, r.verified_by, r.approved_by]).filter((u): u is string => !!u))];
  const people = usernames.length
    ? await db.select({ username: users.username, first: users.firstName, last: users.lastName }).from(users).where(inArray(users.username, usernames))
    : [];
  const methodIds = results.map((r) => r.method).filter((m): m is number => m != null);
  const methodNames = methodIds.length ? await db.select({ id: methods.id, name: methods.name }).from(methods).where(inArray(methods.id, methodIds)) : [];
  const organismIds = results.flatMap((r) => r.isolates.map((i) => i.organism));
  const antibioticIds = results.flatMap((r) => r.isolates.flatMap((i) => i.antibiogram.map((a) => a.antibiotic)));
  const organismNames = organismIds.length
    ? await db.select({ id: organisms.id, name: organisms.name }).from(organisms).where(inArray(organisms.id, organismIds))
    : [];
  const antibioticNames = antibioticIds.length
    ? await db.select({ id: antibiotics.id, name: antibiotics.name }).from(antibiotics).where(inArray(antibiotics.id, antibioticIds))
    : [];
  // The ranges in force at the laboratory that holds the sample, for the numeric tests' report lines.
  const numericTests = [...new Set(tests.filter((t) => t.result_type === 'numeric').map((t) => t.test_type))];
  const measures = numericTests.length ? await effectiveMeasures(db, where?.facility ?? order.facility, numericTests) : [];
  // What other modules add to the report: the files that go with it, its verification (made when printed).
  const sections = await lifecycle.reportSections.collect({
    db,
    principal: p,
    sampleIds: sampleRows.map((r) => r.s.id),
    facts: {
      sampleId: id,
      facilityId: where?.facility ?? order.facility,
      labNumber: order.lab_number,
      tests: tests.map((t) => ({
        name: t.test_type_name,
        status: t.result?.status ?? null,
        value: t.result?.value ?? null,
        unit: t.result?.unit ?? null,
        flag: t.result?.flag ?? null,
        approvedAt: t.result?.approved_at ?? null,
        version: t.result?.version ?? 0,
      })),
    },
  });
  const attachments = sections.flatMap((s) => s.attachments ?? []);
  const verifier = sections.find((s) => s.verify)?.verify;
  const person = (username: string | null) => {
    const found = people.find((x) => x.username === username);
    return found ? `${found.first} ${found.last}`.trim() || found.username : (username ?? '—');
  };
  return {
    order,
    /** Every sample of the order, each with its tests grouped under their panel (null: a test ordered on its own). */
    samples: sampleRows.map(({ s, typeName }) => {
      const own = tests.filter((t) => t.sample === s.id);
      const groups: { panel: string | null; tests: typeof own }[] = [];
      for (const t of own) {
        const panel = t.panel == null ? null : (panels.find((x) => x.id === t.panel)?.name ?? null);
        const group = panel != null ? groups.find((g) => g.panel === panel) : undefined;
        if (group) group.tests.push(t);
        else groups.push({ panel, tests: [t] });
      }
      return { id: s.id, barcode: s.barcode, sampleType: typeName ?? '—', collectedAt: s.collectedAt, receivedAt: s.receivedAt, status: s.status, groups };
    }),
    tests,
    facility: { ...facilityRow!.f, state: facilityRow!.state, lga: facilityRow!.lga },
    /** The facility that collected and referred the sample, when it was tested elsewhere. */
    referredFrom: referrer?.name ?? null,
    /** The files attached to the order's samples and tests that are marked to go with the report. */
    attachments,
    sampleType: order.sample_type_name ?? '—',
    person,
    /**
     * A released result's line: its value at the test's decimals, its unit, the range in force for the client's sex
     * and age at the sample's collection, and the flag they give (or why the result is not judged); null before
     * release.
     */
    line: (test: (typeof tests)[number]): ReportLine | null => {
      const r = test.result;
      if (!r || r.status !== R.APPROVAL) return null;
      const sample = sampleRows.find((x) => x.s.id === test.sample)?.s;
      const at = sample?.collectedAt ?? sample?.receivedAt ?? null;
      return reportLine({
        value: r.value,
        flag: r.flag,
        unit: r.unit,
        test,
        ranges: measures.find((m) => m.test_type === test.test_type)?.ranges ?? [],
        sex: order.sex,
        ageDays: ageInDays(order.date_of_birth, at ? new Date(at) : undefined),
      });
    },
    method: (mid: number | null) => methodNames.find((m) => m.id === mid)?.name ?? '',
    organism: (oid: number) => organismNames.find((o) => o.id === oid)?.name ?? `#${oid}`,
    antibiotic: (aid: number) => antibioticNames.find((a) => a.id === aid)?.name ?? `#${aid}`,
    /**
     * The report's verification (its public code, QR URL and digest), found or made when the report is
     * printed — never for a label. Null while nothing is approved.
     */
    verify: (): Promise<PrintedVerification | null> => (verifier ? verifier() : Promise.resolve(null)),
  };
}
export type ReportData = Awaited<ReturnType<typeof reportData>>;

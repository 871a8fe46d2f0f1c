/** The Westgard rules a facility sets for a test on an instrument (or for runs without one), and their defaults. */
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { DEFAULT_WESTGARD, type QcRulesReply, type qcRulesBody } from '@nlims/contracts';
import type { z } from 'zod';
import { requireIn } from '../../core/access.js';
import type { Tx } from '../../core/db.js';
import { ValidationError } from '../../core/errors.js';
import { recordAudit } from '../audit/audit.service.js';
import { testTypes } from '../catalogue/catalogue.table.js';
import { programs } from '../programs/programs.table.js';
import type { Principal } from '../users/users.service.js';
import { qcRuleSettings } from './qc.table.js';
import { machineHere } from './qc.materials.js';

/** The rules a facility has set for these tests on the instrument (or for runs without one), by test. */
export async function ruleSettings(db: Tx, facilityId: number, tests: readonly number[], machine: number | null) {
  const rows = await db
    .select({ test: qcRuleSettings.test_type_id, rules: qcRuleSettings.rules })
    .from(qcRuleSettings)
    .where(
      and(
        eq(qcRuleSettings.facility_id, facilityId),
        inArray(qcRuleSettings.test_type_id, [...tests]),
        machine == null ? isNull(qcRuleSettings.machine_id) : eq(qcRuleSettings.machine_id, machine),
      ),
    );
  return new Map(rows.map((r) => [r.test, r.rules]));
}

/** A test with its programme, or a 400 on `test_type`. */
async function testOf(db: Tx, id: number) {
  const [test] = await db
    .select({ id: testTypes.id, program: programs.name })
    .from(testTypes)
    .innerJoin(programs, eq(programs.id, testTypes.program))
    .where(eq(testTypes.id, id));
  if (!test) throw ValidationError.field('test_type', `Invalid pk "${id}" - object does not exist.`);
  return test;
}

/** `GET qc_rules/`: the rules that judge a test's controls on an instrument here — the facility's, or the defaults. */
export async function qcRules(db: Tx, p: Principal, q: { test_type: number; machine?: number }): Promise<QcRulesReply> {
  const test = await testOf(db, q.test_type);
  requireIn(p, test.program, 'qc');
  if (q.machine != null) await machineHere(db, p, q.machine);
  const set = (await ruleSettings(db, p.facilityId!, [test.id], q.machine ?? null)).get(test.id);
  return { test_type: test.id, machine: q.machine ?? null, rules: { ...DEFAULT_WESTGARD, ...set }, custom: set != null };
}

/** `PUT qc_rules/`: a supervisor sets which rules judge a test's controls on an instrument, and their severity; audited. */
export async function setQcRules(tx: Tx, p: Principal, body: z.output<typeof qcRulesBody>): Promise<QcRulesReply> {
  const test = await testOf(tx, body.test_type);
  requireIn(p, test.program, 'validate');
  if (body.machine != null) await machineHere(tx, p, body.machine);
  const before = (await ruleSettings(tx, p.facilityId!, [test.id], body.machine)).get(test.id) ?? null;
  await tx.execute(sql`insert into qc_rule_settings (facility_id, test_type_id, machine_id, rules, updated_by)
    values (${p.facilityId!}, ${test.id}, ${body.machine}, ${JSON.stringify(body.rules)}::jsonb, ${p.id})
    on conflict (facility_id, test_type_id, coalesce(machine_id, 0)) do update set rules = excluded.rules, updated_by = excluded.updated_by, updated_at = now()`);
  await recordAudit(tx, p, {
    action: 'qc.rules',
    entity: 'qc_rule_setting',
    entityId: `${test.id}:${body.machine ?? ''}`,
    before,
    after: body.rules,
  });
  return { ...body, custom: true };
}

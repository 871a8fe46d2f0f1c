import { and, eq, inArray } from 'drizzle-orm';
import { familyOf, type TemplateControl, worksheetTemplateBody, worksheetTemplateItem } from '@nlims/contracts';
import { mayIn, mayInAny } from '../../core/access.js';
import { ValidationError } from '../../core/errors.js';
import type { Rule } from '../../core/resource.js';
import { testTypes } from '../catalogue/catalogue.table.js';
import { facilitySetting } from '../facility-settings/facility-settings.resources.js';
import { machineSettings, qcMaterials } from '../facility-settings/facility-settings.table.js';
import { programs } from '../programs/programs.table.js';
import { isFacilityAdminPrincipal } from '../users/users.service.js';
import { worksheetTemplates } from './worksheets.table.js';

/** The people who prepare worksheets (a programme's analysts and supervisors) and the facility's admin keep its templates. */
const keepsTemplates: Rule = (p) => p.facilityId != null && (mayInAny(p, 'worksheet') || isFacilityAdminPrincipal(p));

/**
 * `worksheet_template/`: the facility's plate layouts. A template's test is of a programme with worksheets, one the
 * caller prepares worksheets in (or the caller is the facility's admin); its analyser and its controls' QC materials
 * are the facility's own, the materials of the same test.
 */
export const WORKSHEET_TEMPLATE_DEF = facilitySetting({
  path: 'worksheet_template',
  entity: 'worksheet_template',
  table: worksheetTemplates,
  body: worksheetTemplateBody as never,
  item: worksheetTemplateItem,
  withTest: true,
  read: keepsTemplates,
  write: keepsTemplates,
  search: ['name', 'test_type_name'],
  filters: ['test_type', 'machine', 'format', 'is_active'],
  ordering: ['name', 'test_type_name'],
  defaultOrdering: 'name',
  validate: async (db, body, p, existingId) => {
    const [existing] = existingId != null ? await db.select().from(worksheetTemplates).where(eq(worksheetTemplates.id, existingId)) : [];
    const testId = (body.test_type as number | undefined) ?? existing?.test_type;
    if (testId != null) {
      const [test] = await db
        .select({ program: programs.name })
        .from(testTypes)
        .innerJoin(programs, eq(programs.id, testTypes.program))
        .where(eq(testTypes.id, testId));
      if (!test) throw ValidationError.field('test_type', `Invalid pk "${testId}" - object does not exist.`);
      if (!familyOf(test.program).roles.worksheet.length) throw ValidationError.field('test_type', `The ${test.program} programme has no worksheets.`);
      if (!mayIn(p, test.program, 'worksheet') && !isFacilityAdminPrincipal(p))
        throw ValidationError.field('test_type', `You do not prepare worksheets in the ${test.program} programme.`);
    }
    const machine = body.machine as number | null | undefined;
    if (machine != null) {
      const [row] = await db
        .select({ id: machineSettings.id })
        .from(machineSettings)
        .where(and(eq(machineSettings.id, machine), eq(machineSettings.facility, p.facilityId ?? -1)));
      if (!row) throw ValidationError.field('machine', `Invalid pk "${machine}" - object does not exist.`);
    }
    const controls = (body.controls as TemplateControl[] | undefined) ?? [];
    const materials = [...new Set(controls.map((c) => c.material).filter((m): m is number => m != null))];
    if (materials.length) {
      const found = await db
        .select({ id: qcMaterials.id, test: qcMaterials.test_type })
        .from(qcMaterials)
        .where(and(inArray(qcMaterials.id, materials), eq(qcMaterials.facility, p.facilityId ?? -1)));
      controls.forEach((c, i) => {
        if (c.material == null) return;
        const m = found.find((f) => f.id === c.material);
        if (!m) throw ValidationError.field(`controls.${i}.material`, `Invalid pk "${c.material}" - object does not exist.`);
        if (testId != null && m.test !== testId) throw ValidationError.field(`controls.${i}.material`, "This control material is not for the template's test.");
      });
    }
  },
});

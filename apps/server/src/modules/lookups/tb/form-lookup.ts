import { TB_FORM_CHOICES, TB_FORM_IDENTIFIER_TYPES, TB_SPECIMEN_SAMPLE_TYPES, TB_TREATMENT_MONTHS, tbFormLookupReply, tbResultLabel } from '@nlims/contracts';
import { roleIn } from '../../../core/access.js';
import { principalOf } from '../../../core/auth.js';
import type { Db } from '../../../core/db.js';
import { forbidden } from '../../../core/errors.js';
import type { App } from '../../../core/types.js';
import { activeIdentifierTypes, activeSampleTypes, catalogueTests } from '../lookups.service.js';

/**
 * The TB request form's vocabularies: the form's choices (contracts,
 * programmes/tb.ts), the Tuberculosis tests with each coded test's result
 * vocabulary — the catalogue's codes, labelled from contracts — and the
 * sample and identifier types the form's specimen and numbers stand for.
 */
export async function tbFormLookup(db: Db) {
  const tests = await catalogueTests(db, 'Tuberculosis');
  const identifier_types = await activeIdentifierTypes(db);
  const sample_types = await activeSampleTypes(db);
  const idOf = (rows: { id: number; name: string }[], name: string | null) => rows.find((r) => r.name === name)?.id ?? null;
  return {
    choices: Object.fromEntries(Object.entries(TB_FORM_CHOICES).map(([field, choices]) => [field, [...choices]])) as {
      [F in keyof typeof TB_FORM_CHOICES]: (typeof TB_FORM_CHOICES)[F][number][];
    },
    treatment_month: TB_TREATMENT_MONTHS,
    specimen_sample_types: Object.fromEntries(Object.entries(TB_SPECIMEN_SAMPLE_TYPES).map(([specimen, name]) => [specimen, idOf(sample_types, name)])),
    identifier_fields: Object.fromEntries(Object.entries(TB_FORM_IDENTIFIER_TYPES).map(([field, name]) => [field, idOf(identifier_types, name)])),
    tests,
    result_vocabularies: Object.fromEntries(
      tests
        .filter((t) => !t.is_panel && t.result_type === 'coded')
        .map((t) => [t.code, t.codes.map((value) => ({ value, label: tbResultLabel(t.code, value) }))]),
    ),
    identifier_types,
    sample_types,
  };
}

export function tbFormLookupRoutes(app: App, db: Db): void {
  app.get(
    '/api/tb_form_lookup/',
    {
      schema: {
        tags: ['lookups'],
        summary: 'Vocabularies of the TB request form and of the TB tests',
        description:
          "The presumptive-TB request form's choices with English labels, the Tuberculosis tests with each coded test's result vocabulary by test code, " +
          'and the sample and identifier types the form refers to. For users holding a role in Tuberculosis, and the super admin.',
        response: { 200: tbFormLookupReply },
      },
    },
    (request) => {
      const p = principalOf(request);
      if (!p.isSuperuser && roleIn(p, 'Tuberculosis') == null) throw forbidden('You hold no role in the Tuberculosis programme.');
      return tbFormLookup(db);
    },
  );
}

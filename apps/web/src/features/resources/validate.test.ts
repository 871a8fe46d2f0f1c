import { facilityBody, testMeasureBody, userCreateBody } from '@nlims/contracts';
import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { validateBody } from './validate';

// Echo the key and its values, so the test reads which message was chosen.
const t = ((key: string, values?: Record<string, unknown>) => (values ? `${key} ${JSON.stringify(values)}` : key)) as unknown as TFunction;
const label = (field: string) => field.toUpperCase();

describe('client-side validation with the contracts schemas', () => {
  it('passes a valid body through the schema (trimmed, defaults filled)', () => {
    const result = validateBody(
      facilityBody,
      { facility_name: ' Lab ', facility_code: 'LA-1', facility_type: 'public', tier: 'Primary', state: 1, lga: 2 },
      t,
      label,
    );
    expect(result).toMatchObject({ data: { facility_name: 'Lab', programs: [], is_active: true } });
  });

  it('names missing, malformed and out-of-range fields in the interface language', () => {
    const result = validateBody(
      facilityBody,
      { facility_name: '', facility_code: 'a b', facility_type: 'x', tier: 'Primary', state: 1, email: 'nope' },
      t,
      label,
    );
    expect('errors' in result && result.errors).toEqual([
      { name: ['facility_name'], errors: ['validation.required {"label":"FACILITY_NAME"}'] },
      { name: ['facility_code'], errors: ['validation.codeChars'] },
      { name: ['facility_type'], errors: ['validation.choice {"label":"FACILITY_TYPE"}'] },
      { name: ['lga'], errors: ['validation.required {"label":"LGA"}'] },
      { name: ['email'], errors: ['validation.email {"label":"EMAIL"}'] },
    ]);
  });

  it('puts nested list errors on the list row and renamed fields on the form field', () => {
    const users = validateBody(userCreateBody, { username: 'abc', password: 'abcdefgh1', programs_roles: [{ programs: 'EID', roles: 'Boss' }] }, t, label);
    expect('errors' in users && users.errors.map((e) => e.name)).toEqual([['programs_roles', 0, 'roles']]);
    const band = validateBody(testMeasureBody, { test_type: 1, age_min_days: 30, age_max_days: 10 }, t, label, { age_max_days: 'age_max' });
    expect('errors' in band && band.errors).toEqual([{ name: ['age_max'], errors: ['validation.ageBand'] }]);
  });
});

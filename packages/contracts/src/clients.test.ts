import { describe, expect, it } from 'vitest';
import { clientMergeBody, mayMergeClients, mergeDifferences } from './clients.js';

describe('client merge', () => {
  it('is for a supervisor in any programme, and no other role', () => {
    expect(mayMergeClients([{ program: 'General', role: 'Supervisor' }])).toBe(true);
    expect(mayMergeClients([{ program: 'Tuberculosis', role: 'Supervisor' }])).toBe(true);
    expect(
      mayMergeClients([
        { program: 'Tuberculosis', role: 'Receptionist' },
        { program: 'Viral Load', role: 'Supervisor' },
      ]),
    ).toBe(true);
    for (const role of ['Receptionist', 'Data Clerk', 'Analyst', 'Manager', 'Data Analyst', 'Admin', null])
      expect(mayMergeClients([{ program: 'General', role }]), String(role)).toBe(false);
    expect(mayMergeClients([])).toBe(false);
  });

  it('names the duplicate', () => {
    expect(clientMergeBody.safeParse({ duplicate: 12 }).success).toBe(true);
    expect(clientMergeBody.safeParse({}).error?.issues[0]).toMatchObject({ path: ['duplicate'], message: 'This field is required.' });
    expect(clientMergeBody.safeParse({ duplicate: 0 }).success).toBe(false);
  });

  it('names where two records disagree: names, sex, a date of birth both give', () => {
    const a = { first_name: 'Amaka', last_name: 'Eze', sex: 'female', date_of_birth: '1990-02-01' };
    expect(mergeDifferences(a, { ...a, first_name: ' amaka ' })).toEqual([]);
    expect(mergeDifferences(a, { ...a, date_of_birth: null })).toEqual([]);
    expect(mergeDifferences(a, { ...a, date_of_birth: '1991-07-01', dob_estimated: true })).toEqual([]);
    expect(mergeDifferences(a, { ...a, date_of_birth: '1970-07-01', dob_estimated: true })).toEqual(['date_of_birth']);
    expect(mergeDifferences(a, { first_name: 'Musa', last_name: 'Eze', sex: 'male', date_of_birth: '1990-02-02' })).toEqual([
      'first_name',
      'sex',
      'date_of_birth',
    ]);
  });
});

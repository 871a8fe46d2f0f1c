import { describe, expect, it } from 'vitest';
import { type FormSpec, formLines, formSchema, formSections, todayInNigeria } from './form-spec.js';

const spec: FormSpec = {
  namespace: 'test',
  sections: [
    { key: 'case', title: 'Case' },
    { key: 'empty', title: 'Nothing here' },
    { key: 'history', title: 'History' },
  ],
  fields: [
    { name: 'epid', label: 'EPID number', section: 'case', kind: 'text', max: 30, required: true, pattern: { source: '^[A-Z]{3}-\\d+$', example: 'NIE-001' } },
    { name: 'onset', label: 'Date of onset', section: 'case', kind: 'date' },
    {
      name: 'vaccinated',
      label: 'Vaccinated',
      section: 'history',
      kind: 'choice',
      choices: [
        { value: 'yes', label: 'Yes' },
        { value: 'no', label: 'No' },
      ],
    },
    {
      name: 'doses',
      label: 'Doses',
      section: 'history',
      kind: 'number',
      min: 1,
      max: 5,
      integer: true,
      required: true,
      when: { field: 'vaccinated', in: ['yes'] },
    },
    {
      name: 'symptoms',
      label: 'Symptoms',
      section: 'history',
      kind: 'choices',
      choices: [
        { value: 'fever', label: 'Fever' },
        { value: 'rash', label: 'Rash' },
      ],
    },
    { name: 'travelled', label: 'Travelled', section: 'history', kind: 'boolean' },
  ],
};
const schema = formSchema(spec);
const errors = (input: unknown) => {
  const r = schema.safeParse(input);
  return r.success ? {} : Object.fromEntries(r.error.issues.map((i) => [String(i.path[0]), i.message]));
};

describe('declared request forms', () => {
  it('applies defaults: an unanswered field is null, an unanswered list empty', () => {
    expect(schema.parse({ epid: 'NIE-12' })).toEqual({ epid: 'NIE-12', onset: null, vaccinated: null, doses: null, symptoms: [], travelled: null });
  });

  it('requires a required field, and a conditional one only when it is asked', () => {
    expect(errors({})).toEqual({ epid: 'This field is required.' });
    expect(errors({ epid: 'NIE-1', vaccinated: 'yes' })).toEqual({ doses: 'This field is required.' });
    expect(errors({ epid: 'NIE-1', vaccinated: 'no', doses: 2 })).toEqual({ doses: 'Answer this only when "Vaccinated" is Yes.' });
    expect(errors({ epid: 'NIE-1', vaccinated: 'yes', doses: 2 })).toEqual({});
  });

  it('names what is wrong with each kind of field, and refuses unknown fields', () => {
    expect(errors({ epid: 'nie' })).toEqual({ epid: 'Enter it as NIE-001.' });
    expect(errors({ epid: 'NIE-1', onset: '2026-02-30' })).toEqual({ onset: 'Enter a date as YYYY-MM-DD.' });
    expect(errors({ epid: 'NIE-1', onset: '2999-01-01' })).toEqual({ onset: 'This date is in the future.' });
    expect(errors({ epid: 'NIE-1', vaccinated: 'maybe' })).toEqual({ vaccinated: '"maybe" is not a valid choice.' });
    expect(errors({ epid: 'NIE-1', vaccinated: 'yes', doses: 9 })).toEqual({ doses: 'Ensure this value is less than or equal to 5.' });
    expect(errors({ epid: 'NIE-1', symptoms: ['fever', 'fever'] })).toEqual({ symptoms: 'Choose each item once.' });
    expect(errors({ epid: 'NIE-1', travelled: 'yes' })).toEqual({ travelled: 'Must be a valid boolean.' });
    expect(schema.safeParse({ epid: 'NIE-1', ward: 'x' }).success).toBe(false);
  });

  it('prints the answered fields as labelled lines, and groups fields by section', () => {
    const form = schema.parse({ epid: 'NIE-7', onset: todayInNigeria(new Date('2026-03-04T12:00:00Z')), symptoms: ['fever', 'rash'], travelled: false });
    expect(formLines(spec, form)).toEqual([
      ['EPID number', 'NIE-7'],
      ['Date of onset', '04/03/2026'],
      ['Symptoms', 'Fever, Rash'],
      ['Travelled', 'No'],
    ]);
    expect(formSections(spec).map((s) => [s.key, s.fields.length])).toEqual([
      ['case', 2],
      ['history', 4],
    ]);
  });
});

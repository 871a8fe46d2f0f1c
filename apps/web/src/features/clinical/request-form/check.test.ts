import type { FormInstance } from 'antd';
import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../api/errors';
import { showServerErrors } from '../../../shared/forms/forms';
import { checkRequestForm } from './check';

/** The key and its values, so the test reads which message was chosen. */
const t = ((key: string, values?: Record<string, unknown>) => (values ? `${key} ${JSON.stringify(values)}` : key)) as unknown as TFunction;

const valid = { patient_category: 'new', reason_for_examination: 'diagnosis', hiv_status: 'negative', test_status: 'initial', specimen: 'sputum_spot' };

describe('the TB request form on the page (its declaration, the schema the server applies)', () => {
  it('passes a complete form with the schema defaults applied', () => {
    expect(checkRequestForm('Tuberculosis', { ...valid, lga_tb_number: '', visual_appearance: undefined }, t)).toEqual({
      form: {
        ...valid,
        treatment_month: null,
        presumptive_drtb: false,
        lga_tb_number: '',
        drtb_register_number: '',
        specimen_other: '',
        visual_appearance: null,
      },
    });
  });

  it('names every missing choice under form.<field>', () => {
    const checked = checkRequestForm('Tuberculosis', {}, t);
    expect('errors' in checked && checked.errors.map((e) => e.name.join('.')).sort()).toEqual(
      ['form.hiv_status', 'form.patient_category', 'form.reason_for_examination', 'form.specimen', 'form.test_status'].sort(),
    );
    expect('errors' in checked && checked.errors[0]!.errors[0]).toMatch(/^clinical:requestForm\.required/);
  });

  it('asks for the month of a follow-up and the name of an "other" specimen, in the interface language', () => {
    const checked = checkRequestForm('Tuberculosis', { ...valid, reason_for_examination: 'follow_up', specimen: 'other' }, t);
    expect('errors' in checked && checked.errors).toEqual([
      {
        name: ['form', 'treatment_month'],
        errors: ['tb:message.treatment_month.required {"defaultValue":"This field is required for a follow-up examination."}'],
      },
      { name: ['form', 'specimen_other'], errors: ['tb:message.specimen_other.required {"defaultValue":"Name the specimen."}'] },
    ]);
    // a month asked only for a follow-up is refused otherwise, in the form's words
    expect(checkRequestForm('Tuberculosis', { ...valid, treatment_month: 3 }, t)).toEqual({
      errors: [
        {
          name: ['form', 'treatment_month'],
          errors: ['tb:message.treatment_month.notAsked {"defaultValue":"Give the treatment month only for a follow-up examination."}'],
        },
      ],
    });
    expect(checkRequestForm('Tuberculosis', { ...valid, reason_for_examination: 'follow_up', treatment_month: 40 }, t)).toEqual({
      errors: [{ name: ['form', 'treatment_month'], errors: [expect.stringMatching(/^clinical:requestForm\.range .*"min":0,"max":36/)] }],
    });
  });

  it('sends an empty form for a programme without one', () => {
    expect(checkRequestForm('general', undefined, t)).toEqual({ form: {} });
  });
});

describe("the server's 400 on a request-form field", () => {
  it('lands on the nested field; the rest is returned for the alert', () => {
    const set: unknown[] = [];
    const form = { setFields: (fields: unknown[]) => set.push(...fields) } as unknown as FormInstance;
    const error = new ApiError(400, { 'form.lga_tb_number': ['This number belongs to another client.'], program: ['Choose one.'] }, '400');
    const left = showServerErrors(form, error, ['client', 'form.lga_tb_number']);
    expect(set).toEqual([{ name: ['form', 'lga_tb_number'], errors: ['This number belongs to another client.'] }]);
    expect(left).toEqual(['program: Choose one.']);
  });
});

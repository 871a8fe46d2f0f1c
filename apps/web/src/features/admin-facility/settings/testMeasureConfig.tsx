import { SEXES, testMeasureBody } from '@nlims/contracts';
import { ChoiceText } from '../../resources/ChoiceText';
import { choicesOf, number, text } from '../../resources/common';
import { ageBandToDays, ageBandToForm, type AgeUnit } from '../../resources/format';
import type { ResourceConfig, Row } from '../../resources/types';
import { AgeBand } from './AgeBand';
import { TEST_COLUMN, TEST_FIELD } from './testField';

const range = (low: unknown, high: unknown) => (low == null && high == null ? '—' : `${low ?? '…'} – ${high ?? '…'}`);

/** Reference ranges per test, sex and age band (`facility_test_measure/`); ages entered in years or days. */
const config: ResourceConfig = {
  path: 'facility_test_measure',
  title: 'resource.testMeasure',
  columns: [
    TEST_COLUMN,
    { key: 'sex', label: 'field.sex', sort: 'sex', render: (row) => <ChoiceText prefix="option.sex" value={row.sex} /> },
    {
      key: 'age',
      label: 'field.age_band',
      sort: 'age_min_days',
      render: (row: Row) => <AgeBand minDays={row.age_min_days as number} maxDays={row.age_max_days as number | null} />,
    },
    { key: 'range', label: 'field.reference_range', render: (row) => range(row.low, row.high) },
    { key: 'critical', label: 'field.critical_range', render: (row) => range(row.critical_low, row.critical_high) },
    { key: 'unit', label: 'field.unit' },
  ],
  filters: [{ name: 'sex', label: 'field.sex', choices: choicesOf(SEXES, 'option.sex') }],
  fields: [
    TEST_FIELD,
    { name: 'sex', label: 'field.sex', kind: 'select', required: true, choices: choicesOf(SEXES, 'option.sex') },
    { name: 'age_unit', label: 'field.age_unit', kind: 'select', required: true, choices: choicesOf(['years', 'days'], 'option.ageUnit') },
    number('age_min', { min: 0 }),
    number('age_max', { min: 0 }),
    number('low'),
    number('high'),
    number('critical_low'),
    number('critical_high'),
    text('unit'),
  ],
  schema: testMeasureBody,
  defaults: { sex: 'any', age_unit: 'years', age_min: 0 },
  toForm: (row) => ({ ...row, ...ageBandToForm(row.age_min_days as number, row.age_max_days as number | null) }),
  toBody: ({ age_min, age_max, age_unit, ...rest }) => ({ ...rest, ...ageBandToDays(age_min as number, age_max as number | null, age_unit as AgeUnit) }),
  errorFields: { age_min_days: 'age_min', age_max_days: 'age_max' },
  nameOf: (row) => String(row.test_type_name),
  activeToggle: false,
  deletable: true,
};
export default config;

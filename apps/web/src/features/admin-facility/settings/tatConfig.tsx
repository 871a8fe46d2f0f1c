import { facilityTatBody } from '@nlims/contracts';
import { number } from '../../resources/common';
import type { ResourceConfig } from '../../resources/types';
import { CatalogueDefault, TEST_COLUMN, TEST_FIELD } from './testField';

/** Expected turnaround per test at this facility, beside the catalogue default (`facility_tat/`). */
const config: ResourceConfig = {
  path: 'facility_tat',
  title: 'resource.tat',
  columns: [
    TEST_COLUMN,
    { key: 'default_tat_hours', label: 'field.default_tat_hours', align: 'end' },
    { key: 'hours', label: 'field.hours', sort: 'hours', align: 'end' },
  ],
  fields: [TEST_FIELD, number('hours', { required: true, min: 1, precision: 0, suffix: 'h', extra: () => <CatalogueDefault /> })],
  schema: facilityTatBody,
  nameOf: (row) => String(row.test_type_name),
  activeToggle: false,
  deletable: true,
};
export default config;

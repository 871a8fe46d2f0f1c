import { testServiceBody } from '@nlims/contracts';
import { activeColumn } from '../../resources/cells';
import { activeFilter, toggle } from '../../resources/common';
import { formatNaira } from '../../resources/format';
import { NairaInput } from '../../resources/NairaInput';
import type { ResourceConfig } from '../../resources/types';
import { TEST_COLUMN, TEST_FIELD } from './testField';

/** The catalogue tests the facility offers, with their price in naira (`facility_test_service/`). */
const config: ResourceConfig = {
  path: 'facility_test_service',
  title: 'resource.testService',
  columns: [
    TEST_COLUMN,
    { key: 'program_name', label: 'field.program', sort: 'program_name' },
    { key: 'price', label: 'field.price', sort: 'price', align: 'end', render: (row) => <span className="res-money">{formatNaira(row.price as number)}</span> },
    { key: 'bench_name', label: 'field.bench', sort: 'bench_name' },
    activeColumn,
  ],
  filters: [activeFilter],
  fields: [
    TEST_FIELD,
    { name: 'price', label: 'field.price', kind: 'custom', required: true, render: (props) => <NairaInput {...props} /> },
    // The bench that runs the test groups it on the workplan: the benches of the chosen test's section.
    {
      name: 'bench',
      label: 'field.bench',
      kind: 'lookup',
      lookup: { path: 'bench', query: { 'Filters.is_active': 'true' }, dependsOn: { field: 'test_type', param: 'Filters.test_type' } },
    },
    toggle('is_active'),
  ],
  schema: testServiceBody,
  defaults: { is_active: true },
  nameOf: (row) => String(row.test_type_name),
};
export default config;

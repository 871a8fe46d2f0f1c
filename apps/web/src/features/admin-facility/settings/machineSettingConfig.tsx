import { machineSettingBody } from '@nlims/contracts';
import { activeColumn, TagList } from '../../resources/cells';
import { activeFilter, required, text } from '../../resources/common';
import { LookupNames } from '../../resources/LookupNames';
import type { LookupSpec, ResourceConfig } from '../../resources/types';

const INSTRUMENTS: LookupSpec = { path: 'instrument' };
/** Every active catalogue test, for the tests a machine runs. */
const TESTS: LookupSpec = { path: 'test_configuration_look_up' };

/** Instruments installed at a public or private laboratory (`machine_setting/`). */
const config: ResourceConfig = {
  path: 'machine_setting',
  title: 'resource.machineSetting',
  columns: [
    { key: 'name', label: 'field.name', sort: 'name' },
    { key: 'model', label: 'field.model', sort: 'model' },
    { key: 'serial_number', label: 'field.serial_number', sort: 'serial_number' },
    { key: 'instrument', label: 'field.instrument', render: (row) => <LookupNames spec={INSTRUMENTS} ids={row.instrument} /> },
    { key: 'tests', label: 'field.tests', render: (row) => <LookupNames spec={TESTS} ids={row.tests} /> },
    { key: 'modules', label: 'field.modules', render: (row) => <TagList values={row.modules} /> },
    activeColumn,
  ],
  filters: [{ name: 'instrument', label: 'field.instrument', lookup: INSTRUMENTS }, activeFilter],
  fields: [
    required('name'),
    text('model'),
    required('serial_number'),
    { name: 'instrument', label: 'field.instrument', kind: 'lookup', lookup: INSTRUMENTS },
    { name: 'tests', label: 'field.tests', kind: 'lookup', multiple: true, wide: true, lookup: TESTS },
    { name: 'modules', label: 'field.modules', kind: 'tags', wide: true },
  ],
  schema: machineSettingBody,
  defaults: { tests: [], modules: [] },
};
export default config;

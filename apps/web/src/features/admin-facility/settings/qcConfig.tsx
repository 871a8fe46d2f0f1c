import { QC_LEVELS, qcConfigBody } from '@nlims/contracts';
import { activeColumn } from '../../resources/cells';
import { ChoiceText } from '../../resources/ChoiceText';
import { activeFilter, choicesOf, number, required, text, toggle } from '../../resources/common';
import type { ResourceConfig } from '../../resources/types';
import { TEST_COLUMN, TEST_FIELD } from './testField';

const LEVELS = choicesOf(QC_LEVELS, 'option.level');

/** QC materials with lot, expiry and target values per test (`qc_test_config/`). */
const config: ResourceConfig = {
  path: 'qc_test_config',
  title: 'resource.qcConfig',
  columns: [
    TEST_COLUMN,
    { key: 'name', label: 'field.material', sort: 'name' },
    { key: 'lot_number', label: 'field.lot_number', sort: 'lot_number' },
    { key: 'expiry_date', label: 'field.expiry_date', sort: 'expiry_date' },
    { key: 'level', label: 'field.level', render: (row) => <ChoiceText prefix="option.level" value={row.level} /> },
    { key: 'target_mean', label: 'field.target_mean' },
    { key: 'target_sd', label: 'field.target_sd' },
    { key: 'unit', label: 'field.unit' },
    activeColumn,
  ],
  filters: [{ name: 'level', label: 'field.level', choices: LEVELS }, activeFilter],
  fields: [
    TEST_FIELD,
    required('name', { label: 'field.material' }),
    required('lot_number'),
    { name: 'expiry_date', label: 'field.expiry_date', kind: 'date', required: true },
    { name: 'level', label: 'field.level', kind: 'select', required: true, choices: LEVELS },
    text('unit'),
    number('target_mean', { required: true }),
    number('target_sd', { required: true, min: 0 }),
    toggle('establish'),
  ],
  schema: qcConfigBody,
  defaults: { level: 'normal' },
  nameOf: (row) => `${String(row.name)} · ${String(row.lot_number)}`,
};
export default config;

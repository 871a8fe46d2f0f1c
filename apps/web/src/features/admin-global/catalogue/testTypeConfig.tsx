import { RESULT_TYPES, testTypeBody } from '@nlims/contracts';
import { activeColumn } from '../../resources/cells';
import { ChoiceText } from '../../resources/ChoiceText';
import { activeFilter, choicesOf, number, required, text, toggle } from '../../resources/common';
import type { FieldSpec, LookupSpec, ResourceConfig, Values } from '../../resources/types';

const PROGRAMS: LookupSpec = { path: 'program' };
const SECTIONS: LookupSpec = { path: 'section' };
const PANELS: LookupSpec = { path: 'test_type', query: { 'Filters.is_panel': 'true' } };
const RESULT_TYPE_CHOICES = choicesOf(RESULT_TYPES, 'option.resultType');

const numeric = (v: Values) => v.result_type !== 'coded';
const coded = (v: Values) => v.result_type === 'coded';
const numericField = (name: string, extra: Partial<FieldSpec> = {}) => number(name, { visible: numeric, ...extra });
const many = (name: string, path: string): FieldSpec => ({ name, label: `field.${name}`, kind: 'lookup', multiple: true, wide: true, lookup: { path } });

/** The test catalogue (`test_type/`) with each test's result configuration, filtered by programme. */
const config: ResourceConfig = {
  path: 'test_type',
  title: 'resource.test_type',
  columns: [
    { key: 'name', label: 'field.name', sort: 'name' },
    { key: 'code', label: 'field.code', sort: 'code' },
    { key: 'program_name', label: 'field.program', sort: 'program' },
    { key: 'section_name', label: 'field.section', sort: 'section' },
    { key: 'result_type', label: 'field.result_type', render: (row) => <ChoiceText prefix="option.resultType" value={row.result_type} /> },
    { key: 'unit', label: 'field.unit' },
    { key: 'default_tat_hours', label: 'field.default_tat_hours', sort: 'default_tat_hours' },
    activeColumn,
  ],
  filters: [
    { name: 'program', label: 'field.program', lookup: PROGRAMS, seedsForm: true },
    { name: 'section', label: 'field.section', lookup: SECTIONS, seedsForm: true },
    { name: 'result_type', label: 'field.result_type', choices: RESULT_TYPE_CHOICES, seedsForm: true },
    activeFilter,
  ],
  fields: [
    { name: 'program', label: 'field.program', kind: 'lookup', required: true, lookup: PROGRAMS },
    { name: 'section', label: 'field.section', kind: 'lookup', lookup: SECTIONS },
    required('name', { wide: true }),
    required('code'),
    text('loinc_code'),
    { name: 'result_type', label: 'field.result_type', kind: 'select', required: true, choices: RESULT_TYPE_CHOICES },
    number('default_tat_hours', { min: 1, precision: 0, suffix: 'h' }),
    numericField('unit', { kind: 'text' }),
    numericField('decimals', { min: 0, max: 6, precision: 0 }),
    numericField('reporting_low'),
    numericField('reporting_high'),
    numericField('ref_low'),
    numericField('ref_high'),
    numericField('critical_low'),
    numericField('critical_high'),
    { name: 'codes', label: 'field.codes', kind: 'tags', wide: true, visible: coded },
    many('sample_types', 'sample_type'),
    many('methods', 'method'),
    many('instruments', 'instrument'),
    toggle('is_culture'),
    toggle('is_panel'),
    { name: 'panel', label: 'field.panel', kind: 'lookup', lookup: PANELS, visible: (v) => v.is_panel !== true },
  ],
  schema: testTypeBody,
  defaults: {
    result_type: 'numeric',
    decimals: 0,
    default_tat_hours: 24,
    codes: [],
    sample_types: [],
    methods: [],
    instruments: [],
    is_culture: false,
    is_panel: false,
  },
};
export default config;

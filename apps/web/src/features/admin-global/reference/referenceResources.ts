import { benchBody, REFERENCE_RESOURCES, type ReferenceResource } from '@nlims/contracts';
import type { ZodType } from 'zod';
import { activeColumn } from '../../resources/cells';
import { activeFilter, area, choicesOf, number, required, text } from '../../resources/common';
import type { ColumnSpec, FieldSpec, ResourceConfig } from '../../resources/types';

/** Fields of the reference lists, by wire name. */
const FIELDS: Record<string, FieldSpec> = {
  name: required('name'),
  reason: required('reason'),
  code: text('code'),
  description: area('description'),
  manufacturer: text('manufacturer'),
  model: text('model'),
  gram_stain: {
    name: 'gram_stain',
    label: 'field.gram_stain',
    kind: 'select',
    required: true,
    choices: choicesOf(['positive', 'negative', 'not applicable'], 'option.gram'),
  },
  antibiotic_class: text('antibiotic_class'),
  phone: text('phone'),
  email: text('email'),
  address: area('address'),
  country: text('country'),
  symbol: required('symbol'),
  section: { name: 'section', label: 'field.section', kind: 'lookup', required: true, lookup: { path: 'section' } },
  program: { name: 'program', label: 'field.program', kind: 'lookup', lookup: { path: 'program' } },
  testing_facility: { name: 'testing_facility', label: 'field.testing_facility', kind: 'lookup', lookup: { path: 'facility_look_up', label: 'facility_name' } },
  courier_provider: { name: 'courier_provider', label: 'field.courier_provider', kind: 'lookup', lookup: { path: 'courier_provider' } },
  expected_hours: number('expected_hours', { required: true }),
};

/** Long texts stay out of the table. */
const NOT_COLUMNS = new Set(['description', 'address', 'program', 'testing_facility', 'courier_provider']);

function column(name: string): ColumnSpec {
  if (name === 'section') return { key: 'section_name', label: 'field.section', sort: 'section' };
  return { key: name, label: `field.${name}`, sort: name };
}

function reference(path: string, names: string[], schema: ZodType): ResourceConfig {
  return {
    path,
    title: `resource.${path}`,
    columns: [...names.filter((n) => !NOT_COLUMNS.has(n)).map(column), activeColumn],
    fields: names.map((n) => FIELDS[n]!),
    schema,
    filters: [activeFilter],
    defaults: path === 'organism' ? { gram_stain: 'not applicable' } : path === 'lab_network' ? { expected_hours: 72 } : {},
  };
}

const body = (path: ReferenceResource) => REFERENCE_RESOURCES[path].body;

/** The plain reference lists of the super admin, in the order of the selector. */
export const REFERENCE_CONFIGS: ResourceConfig[] = [
  reference('section', ['name', 'code', 'description'], body('section')),
  reference('bench', ['name', 'code', 'section'], benchBody),
  reference('method', ['name', 'code', 'description'], body('method')),
  reference('instrument', ['name', 'manufacturer', 'model'], body('instrument')),
  reference('sample_type', ['name', 'code'], body('sample_type')),
  reference('rejection_reason', ['reason', 'code'], body('rejection_reason')),
  reference('result_rejection_reason', ['reason', 'code'], body('result_rejection_reason')),
  reference('organism', ['name', 'code', 'gram_stain'], body('organism')),
  reference('antibiotic', ['name', 'code', 'antibiotic_class'], body('antibiotic')),
  reference('client_identifier_type', ['name', 'code'], body('client_identifier_type')),
  reference('occupation', ['name'], body('occupation')),
  reference('measure_unit', ['name', 'symbol'], body('measure_unit')),
  reference('supplier', ['name', 'phone', 'email', 'address'], body('supplier')),
  reference('manufacturer', ['name', 'country'], body('manufacturer')),
  reference('courier_provider', ['name', 'phone', 'email'], body('courier_provider')),
  reference('lab_network', ['name', 'description', 'program', 'testing_facility', 'courier_provider', 'expected_hours'], body('lab_network')),
];

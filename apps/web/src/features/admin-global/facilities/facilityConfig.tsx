import { FACILITY_TIERS, FACILITY_TYPES, facilityBody } from '@nlims/contracts';
import { activeColumn } from '../../resources/cells';
import { activeFilter, area, choicesOf, required, text, toggle } from '../../resources/common';
import { LookupNames } from '../../resources/LookupNames';
import type { LookupSpec, ResourceConfig } from '../../resources/types';
import { ChoiceText } from '../../resources/ChoiceText';

const STATES: LookupSpec = { path: 'state' };
const LGAS: LookupSpec = { path: 'local_government_area', dependsOn: { field: 'state', param: 'state' } };
const PROGRAMS: LookupSpec = { path: 'program' };
const LAB_NETWORKS: LookupSpec = { path: 'lab_network' };

export const FACILITY_TYPE_CHOICES = choicesOf(FACILITY_TYPES, 'option.facilityType');
export const TIER_CHOICES = choicesOf(FACILITY_TIERS, 'option.tier');

/** Facilities as the super admin manages them (`facilities/`). */
const config: ResourceConfig = {
  path: 'facilities',
  title: 'resource.facility',
  columns: [
    { key: 'facility_name', label: 'field.facility_name', sort: 'facility_name' },
    { key: 'facility_code', label: 'field.facility_code', sort: 'facility_code' },
    {
      key: 'facility_type',
      label: 'field.facility_type',
      sort: 'facility_type',
      render: (row) => <ChoiceText prefix="option.facilityType" value={row.facility_type} />,
    },
    { key: 'tier', label: 'field.tier', sort: 'tier', render: (row) => <ChoiceText prefix="option.tier" value={row.tier} /> },
    { key: 'state_name', label: 'field.state', sort: 'state' },
    { key: 'lga_name', label: 'field.lga' },
    { key: 'programs', label: 'field.programs', render: (row) => <LookupNames spec={PROGRAMS} ids={row.programs} /> },
    activeColumn,
  ],
  filters: [
    { name: 'facility_type', label: 'field.facility_type', choices: FACILITY_TYPE_CHOICES, seedsForm: true },
    { name: 'tier', label: 'field.tier', choices: TIER_CHOICES, seedsForm: true },
    { name: 'state', label: 'field.state', lookup: STATES, seedsForm: true },
    activeFilter,
  ],
  fields: [
    required('facility_name', { wide: true }),
    required('facility_code'),
    { name: 'facility_type', label: 'field.facility_type', kind: 'select', required: true, choices: FACILITY_TYPE_CHOICES },
    { name: 'tier', label: 'field.tier', kind: 'select', required: true, choices: TIER_CHOICES },
    toggle('is_testing_lab'),
    { name: 'state', label: 'field.state', kind: 'lookup', required: true, lookup: STATES },
    { name: 'lga', label: 'field.lga', kind: 'lookup', required: true, lookup: LGAS },
    text('phone'),
    text('email'),
    area('address'),
    { name: 'programs', label: 'field.programs', kind: 'lookup', multiple: true, wide: true, lookup: PROGRAMS },
    { name: 'lab_networks', label: 'field.lab_networks', kind: 'lookup', multiple: true, wide: true, lookup: LAB_NETWORKS },
  ],
  schema: facilityBody,
  defaults: { is_testing_lab: true, programs: [], lab_networks: [] },
  nameOf: (row) => String(row.facility_name),
};
export default config;

import { userCreateBody, userUpdateBody, USER_LOCATIONS } from '@nlims/contracts';
import { ChoiceText } from '../../resources/ChoiceText';
import { choicesOf } from '../../resources/common';
import type { LookupSpec, ResourceConfig, Values } from '../../resources/types';
import { USER_COLUMNS, USER_FIELDS, USER_STATUS_COLUMN, USER_STATUS_FILTER, userRowActions, userRowLock } from '../../users/userColumns';

const LOCATION_CHOICES = choicesOf(Object.keys(USER_LOCATIONS).map(Number), 'option.location');
const STATES: LookupSpec = { path: 'state' };
const LGAS: LookupSpec = { path: 'local_government_area', dependsOn: { field: 'states', param: 'state' } };

const needsState = (v: Values) => v.user_location === 2 || v.user_location === 3;
const needsLga = (v: Values) => v.user_location === 3;

/** Tier users (no facility; federal, state or LGA level), listed one level at a time. */
const config: ResourceConfig = {
  path: 'users',
  title: 'resource.tierUser',
  columns: [
    ...USER_COLUMNS,
    { key: 'user_location', label: 'field.user_location', render: (row) => <ChoiceText prefix="option.location" value={row.user_location} /> },
    { key: 'state_name', label: 'field.states' },
    { key: 'lga_name', label: 'field.lga' },
    USER_STATUS_COLUMN,
  ],
  filters: [{ name: 'user_location', label: 'field.user_location', choices: LOCATION_CHOICES, required: true, seedsForm: true }, USER_STATUS_FILTER],
  initialFilters: { user_location: 1 },
  fields: [
    ...USER_FIELDS,
    { name: 'user_location', label: 'field.user_location', kind: 'select', required: true, choices: LOCATION_CHOICES },
    { name: 'states', label: 'field.states', kind: 'lookup', required: true, lookup: STATES, visible: needsState },
    { name: 'lga', label: 'field.lga', kind: 'lookup', required: true, lookup: LGAS, visible: needsLga },
  ],
  schema: userCreateBody,
  updateSchema: userUpdateBody,
  defaults: { user_location: 1 },
  // A level without a state or LGA clears the ones it had.
  toBody: (v) => ({ ...v, states: needsState(v) ? (v.states ?? null) : null, lga: needsLga(v) ? (v.lga ?? null) : null }),
  nameOf: (row) => String(row.username),
  activeToggle: false,
  rowActions: userRowActions,
  rowLock: userRowLock,
};
export default config;

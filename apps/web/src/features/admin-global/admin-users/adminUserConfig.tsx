import { userCreateBody, userUpdateBody } from '@nlims/contracts';
import type { FilterSpec, LookupSpec, ResourceConfig } from '../../resources/types';
import { ProgramRolesCell } from '../../admin-facility/users/ProgramRolesCell';
import { USER_COLUMNS, USER_FIELDS, USER_STATUS_COLUMN, USER_STATUS_FILTER, userRowActions, userRowLock } from '../../users/userColumns';

// Every active facility, as the facility look-up gives them to the super admin.
const FACILITIES: LookupSpec = { path: 'facility_look_up', label: 'facility_name' };
const FACILITY_FILTER: FilterSpec = { name: 'facility', label: 'field.facility_name', lookup: FACILITIES };

/**
 * The facilities' administrators, as the super admin gives a facility its
 * first administrator (`users/` with `Filters.is_facility_admin=true`): a
 * user of the facility holding the Admin role in one of its programmes. The
 * administrator then manages the facility's own users and roles.
 */
const config: ResourceConfig = {
  path: 'users',
  title: 'resource.facilityAdmin',
  columns: [
    ...USER_COLUMNS,
    { key: 'facility_name', label: 'field.facility_name' },
    { key: 'programs_roles', label: 'field.programs_roles', render: (row) => <ProgramRolesCell value={row.programs_roles} /> },
    USER_STATUS_COLUMN,
  ],
  filters: [FACILITY_FILTER, USER_STATUS_FILTER],
  initialFilters: { is_facility_admin: 'true' },
  fields: [
    ...USER_FIELDS,
    { name: 'facility', label: 'field.facility_name', kind: 'lookup', required: true, createOnly: true, lookup: FACILITIES },
    { name: 'admin_program', label: 'field.admin_program', kind: 'lookup', required: true, createOnly: true, lookup: { path: 'program', value: 'name' } },
  ],
  schema: userCreateBody,
  updateSchema: userUpdateBody,
  // A new administrator holds the Admin role in the chosen programme; later role changes are made by the facility.
  toBody: ({ admin_program, ...v }) => (admin_program ? { ...v, programs_roles: [{ programs: admin_program, roles: 'Admin' }] } : v),
  errorFields: { programs_roles: 'admin_program' },
  nameOf: (row) => String(row.username),
  activeToggle: false,
  rowActions: userRowActions,
  rowLock: userRowLock,
};
export default config;

import { userCreateBody, userUpdateBody } from '@nlims/contracts';
import { text } from '../../resources/common';
import type { ResourceConfig } from '../../resources/types';
import { USER_COLUMNS, USER_FIELDS, USER_STATUS_COLUMN, USER_STATUS_FILTER, userRowActions, userRowLock } from '../../users/userColumns';
import { ProgramRolesCell } from './ProgramRolesCell';
import { ProgramRolesInput } from './ProgramRolesInput';

/** The users of the administrator's own facility (the API scopes `users/` to it). */
const config: ResourceConfig = {
  path: 'users',
  title: 'resource.facilityUser',
  columns: [
    ...USER_COLUMNS,
    { key: 'department', label: 'field.department' },
    { key: 'programs_roles', label: 'field.programs_roles', render: (row) => <ProgramRolesCell value={row.programs_roles} /> },
    USER_STATUS_COLUMN,
  ],
  filters: [USER_STATUS_FILTER],
  fields: [
    ...USER_FIELDS,
    text('department'),
    { name: 'programs_roles', label: 'field.programs_roles', kind: 'custom', wide: true, render: (props) => <ProgramRolesInput {...props} /> },
  ],
  schema: userCreateBody,
  updateSchema: userUpdateBody,
  defaults: { programs_roles: [{}] },
  // Rows left empty are dropped rather than refused.
  toBody: (v) => ({ ...v, programs_roles: ((v.programs_roles as object[] | undefined) ?? []).filter((r) => Object.keys(r).length > 0) }),
  nameOf: (row) => String(row.username),
  activeToggle: false,
  rowActions: userRowActions,
  rowLock: userRowLock,
};
export default config;

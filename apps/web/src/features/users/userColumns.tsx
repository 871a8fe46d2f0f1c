import { ActiveTag } from '../resources/cells';
import type { ColumnSpec, FieldSpec, Row } from '../resources/types';
import { required, text } from '../resources/common';
import { DisableEnableButton } from './DisableEnableButton';
import { ResetPasswordButton } from './ResetPasswordButton';
import { UserLock } from './UserLock';

/** Columns and fields every user list shares; the tier and facility pages add their own. */
export const USER_COLUMNS: ColumnSpec[] = [
  { key: 'username', label: 'field.username', sort: 'username' },
  { key: 'first_name', label: 'field.first_name', sort: 'first_name' },
  { key: 'last_name', label: 'field.last_name', sort: 'last_name' },
  { key: 'email', label: 'field.email' },
];

export const USER_STATUS_COLUMN: ColumnSpec = { key: 'is_active', label: 'field.is_active', render: (row) => <ActiveTag active={row.is_active} /> };

export const USER_FIELDS: FieldSpec[] = [
  required('username'),
  { name: 'password', label: 'field.password', kind: 'password', required: true, createOnly: true },
  text('first_name'),
  text('last_name'),
  text('email'),
];

export const USER_STATUS_FILTER = {
  name: 'is_active',
  label: 'field.is_active',
  choices: [
    { value: 'true', label: 'users.enabled' },
    { value: 'false', label: 'users.disabled' },
  ],
};

/**
 * A user the administrator does not manage (their roles reach beyond its
 * programmes, or it is its own account) is shown without actions; the server
 * refuses them all the same (DESIGN §3).
 */
export function userRowLock(row: Row) {
  return row.may_manage === false ? <UserLock row={row} /> : null;
}

/** Users are disabled and enabled with their own endpoint, and their passwords reset by the administrator. */
export function userRowActions(row: Row) {
  return (
    <>
      <ResetPasswordButton row={row} />
      <DisableEnableButton row={row} />
    </>
  );
}

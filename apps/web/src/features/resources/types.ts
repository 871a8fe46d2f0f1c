import type { ReactNode } from 'react';
import type { ZodType } from 'zod';

/** Form values as the form holds them (before `toBody`). */
export type Values = Record<string, unknown>;
/** A row of a list, as the API returns it. */
export type Row = { id: number } & Record<string, unknown>;

/** A static choice; `label` is a catalog key in the admin namespace. */
export interface Choice {
  value: string | number;
  label: string;
}

/** Options loaded from a list endpoint that answers every row without `page`. */
export interface LookupSpec {
  path: string;
  query?: Record<string, string>;
  /** The field shown as the option's label (default `name`). */
  label?: string;
  /** The field sent as the option's value (default `id`; `name` where the API takes names). */
  value?: string;
  /** Value of another form field the query needs (`state` for LGAs); no request until it is set. */
  dependsOn?: { field: string; param: string };
}

export type FieldKind = 'text' | 'textarea' | 'password' | 'number' | 'switch' | 'select' | 'lookup' | 'tags' | 'date' | 'custom';

/** One form field, described as data. */
export interface FieldSpec {
  name: string;
  /** Catalog key of the label (admin namespace). */
  label: string;
  kind: FieldKind;
  required?: boolean;
  /** Takes the full width of the form (textareas, lists). */
  wide?: boolean;
  choices?: readonly Choice[];
  lookup?: LookupSpec;
  multiple?: boolean;
  min?: number;
  max?: number;
  precision?: number;
  /** Text shown after a number (a unit). */
  suffix?: string;
  /** Only when creating (passwords). */
  createOnly?: boolean;
  /** Shown only while this holds for the current values. */
  visible?: (values: Values) => boolean;
  /** The widget for `custom` fields. */
  render?: (props: { id?: string; value?: unknown; onChange?: (value: unknown) => void; editing: Row | null }) => ReactNode;
  /** A hint under the field, which may depend on the form's values. */
  extra?: (values: Values) => ReactNode;
}

/** One column of the table (and one line of a card in the grid view). */
export interface ColumnSpec {
  key: string;
  /** Catalog key of the heading (admin namespace). */
  label: string;
  /** The `ordering=` field when a header click may sort by this column. */
  sort?: string;
  render?: (row: Row) => ReactNode;
  /** Numbers and money line up at the end of the cell. */
  align?: 'start' | 'end';
}

/** A list filter, sent as `Filters.<name>=`. */
export interface FilterSpec {
  name: string;
  label: string;
  choices?: readonly Choice[];
  lookup?: LookupSpec;
  /** Always set (no clear button); give its first value in `initialFilters`. */
  required?: boolean;
  /** A new record starts with this filter's value in the form field of the same name. */
  seedsForm?: boolean;
}

/** Everything the generic page needs to know about one resource. */
export interface ResourceConfig {
  /** API path segment: `/api/<path>/`. */
  path: string;
  /** Catalog key of the resource's name. */
  title: string;
  columns: ColumnSpec[];
  fields: FieldSpec[];
  /** The contracts body schema, validated on the client before sending. */
  schema?: ZodType;
  /** A different schema for edits (when creation takes more, e.g. a password). */
  updateSchema?: ZodType;
  filters?: FilterSpec[];
  /** Filter values a list starts with. */
  initialFilters?: Record<string, string | number>;
  /** Values of a new record's form. */
  defaults?: Values;
  /** Row → form values (default: the row itself). */
  toForm?: (row: Row) => Values;
  /** Form values → request body (default: the values). */
  toBody?: (values: Values) => Values;
  /** Body field → form field, when they differ (errors land on the form field). */
  errorFields?: Record<string, string>;
  /** The row's name in cards and confirmations (default `name`). */
  nameOf?: (row: Row) => string;
  /** Deactivate and reactivate with `PATCH {is_active}` (default true). */
  activeToggle?: boolean;
  /** Rows may be deleted for good, after confirmation (settings without history, such as a TAT). */
  deletable?: boolean;
  /** More actions per row (reset password, disable). */
  rowActions?: (row: Row) => ReactNode;
  /** A row the user may not change: what to show instead of its actions (null: the actions). */
  rowLock?: (row: Row) => ReactNode;
  /** Search box shown (default true). */
  searchable?: boolean;
}

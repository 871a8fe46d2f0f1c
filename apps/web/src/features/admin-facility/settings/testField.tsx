import { useQuery } from '@tanstack/react-query';
import { Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { api } from '../../../api/client';
import { resourceKey } from '../../resources/api';
import { TestSearchSelect } from '../../resources/TestSearchSelect';
import type { ColumnSpec, FieldSpec } from '../../resources/types';

/** The catalogue test a facility setting is about. */
export const TEST_FIELD: FieldSpec = {
  name: 'test_type',
  label: 'field.test_type',
  kind: 'custom',
  required: true,
  wide: true,
  render: (props) => <TestSearchSelect {...props} />,
};

export const TEST_COLUMN: ColumnSpec = { key: 'test_type_name', label: 'field.test_type', sort: 'test_type_name' };

/** The catalogue's turnaround for the test chosen in the form, shown beside the facility's own. */
export function CatalogueDefault() {
  const { t } = useTranslation('admin');
  const form = Form.useFormInstance();
  const id = Form.useWatch('test_type', form) as number | undefined;
  const { data } = useQuery({
    queryKey: [...resourceKey('test_type'), 'detail', id],
    queryFn: ({ signal }) => api<{ default_tat_hours: number }>(`/api/test_type/${id}/`, { signal }),
    enabled: id != null,
    staleTime: 5 * 60_000,
  });
  return data ? t('tat.catalogueDefault', { hours: data.default_tat_hours }) : null;
}

import type { TableProps } from 'antd';
import type { TFunction } from 'i18next';
import { Fragment, type ReactNode } from 'react';
import { ageText, sexText } from '../common/ClientSummary';
import { formatDateTime } from '../../../shared/format/format';
import { FlagTag } from '../common/ResultValue';
import { TestStatusTag } from '../../../shared/status/status';
import type { ReportRow } from '../types';

/** A report row with what other modules say of its order, shown under its lab number. */
export type MarkedRow = ReportRow & { marks: readonly ((labNumber: string) => ReactNode)[] };

/**
 * The report's columns: what was tested and its result first (they matter most on a phone), then who and when;
 * a row's `marks` go under its lab number.
 */
export function reportColumns(t: TFunction): TableProps<MarkedRow>['columns'] {
  const when = (value: string | null) => <span style={{ whiteSpace: 'nowrap' }}>{formatDateTime(value) || '—'}</span>;
  return [
    {
      key: 'lab',
      title: t('samples.labNumber'),
      render: (_, r) => (
        <>
          <span className="clin-lab-number">{r.lab_number}</span>
          {r.marks.map((mark, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the registry's marks are fixed for the app's life
            <Fragment key={i}>{mark(r.lab_number)}</Fragment>
          ))}
        </>
      ),
    },
    { key: 'test', title: t('samples.test'), dataIndex: 'test' },
    { key: 'status', title: t('samples.status'), render: (_, r) => <TestStatusTag status={r.test_order_status} /> },
    {
      key: 'result',
      title: t('results.result'),
      render: (_, r) =>
        r.result == null ? (
          '—'
        ) : (
          <span>
            {r.result} {r.unit} <FlagTag flag={r.flag} />
          </span>
        ),
    },
    { key: 'client', title: t('samples.client'), dataIndex: 'client_name' },
    { key: 'sex', title: t('client.sex'), render: (_, r) => sexText(t, r.sex) },
    { key: 'age', title: t('report.age'), render: (_, r) => ageText(t, r.date_of_birth) },
    { key: 'ordered', title: t('samples.ordered'), render: (_, r) => when(r.ordered_at) },
    { key: 'received', title: t('samples.received'), render: (_, r) => when(r.received_at) },
    { key: 'approved', title: t('report.approved'), render: (_, r) => when(r.approved_at) },
    { key: 'tat', title: t('report.tat'), render: (_, r) => (r.tat_hours == null ? '—' : r.tat_hours) },
  ];
}

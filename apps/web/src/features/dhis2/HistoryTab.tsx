import type { Dhis2ExportItem } from '@nlims/contracts';
import { Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../shared/page/LoadError';
import { useDhis2Exports } from './api';
import { ImportSummary } from './ImportSummary';
import { periodLabel } from './labels';

/** Every send and dry run, newest first: when, by whom, what, and what DHIS2 answered (a row opens its summary). */
export function HistoryTab() {
  const { t } = useTranslation('dhis2');
  const exports = useDhis2Exports();
  if (exports.isError) return <LoadError title={t('loadError')} error={exports.error} onRetry={() => void exports.refetch()} />;
  return (
    <Table<Dhis2ExportItem>
      size="small"
      rowKey="id"
      loading={exports.isPending}
      dataSource={exports.data}
      pagination={{ pageSize: 20, hideOnSinglePage: true, showSizeChanger: false }}
      scroll={{ x: 'max-content' }}
      data-testid="dhis2-history"
      expandable={{ expandedRowRender: (e) => <ImportSummary result={e} /> }}
      columns={[
        { key: 'at', title: t('history.at'), render: (_, e) => new Date(e.created_at).toLocaleString() },
        { key: 'period', title: t('history.period'), render: (_, e) => periodLabel(e.period) },
        {
          key: 'scope',
          title: t('export.scope'),
          render: (_, e) => (e.scope.level === 'all' ? t('scope.all') : `${t(`scope.${e.scope.level}`)}: ${e.scope.name}`),
        },
        {
          key: 'kind',
          title: t('history.kind'),
          render: (_, e) => (e.dry_run ? <Tag>{t('history.dryRun')}</Tag> : <Tag color="blue">{t('history.sent')}</Tag>),
        },
        {
          key: 'status',
          title: t('history.status'),
          render: (_, e) =>
            e.status === 'failed' ? (
              <Tag color="red">{t('history.failed')}</Tag>
            ) : (
              <Tag color={e.import_status === 'ERROR' ? 'red' : e.import_status === 'WARNING' ? 'orange' : 'green'}>{e.import_status || '—'}</Tag>
            ),
        },
        { key: 'values', title: t('history.values'), dataIndex: 'value_count', align: 'end' },
        { key: 'imported', title: t('count.imported'), dataIndex: 'imported', align: 'end' },
        { key: 'updated', title: t('count.updated'), dataIndex: 'updated', align: 'end' },
        { key: 'ignored', title: t('count.ignored'), dataIndex: 'ignored', align: 'end' },
        { key: 'conflicts', title: t('history.conflicts'), render: (_, e) => e.conflicts.length, align: 'end' },
        { key: 'by', title: t('history.by'), render: (_, e) => e.created_by ?? '—' },
      ]}
    />
  );
}

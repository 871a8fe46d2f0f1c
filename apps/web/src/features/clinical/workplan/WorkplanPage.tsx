import { PrinterOutlined, ReloadOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Card, Empty, Spin, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { PageProps } from '../../../routes';
import { CLINICAL } from '../api';
import { ClientFacts } from '../common/ClientSummary';
import { ClinicalPage } from '../common/ClinicalPage';
import { formatDateTime } from '../common/format';
import { StatusTag } from '../common/status';
import { useWorkplan, type WorkItem } from './useWorkplan';
import './workplan.css';

/** Tests waiting to be run, by section (bench), with their due times; overdue ones stand out. Printable for the bench. */
export default function WorkplanPage({ page }: PageProps) {
  const { t } = useTranslation('clinical');
  const client = useQueryClient();
  const { sections, total, loading, fetching } = useWorkplan();
  const now = Date.now();
  const overdue = (item: WorkItem) => item.due != null && item.due < now;
  const extra = (
    <div className="clin-actions clin-no-print">
      <Button icon={<ReloadOutlined />} loading={fetching} onClick={() => void client.invalidateQueries({ queryKey: [...CLINICAL, 'orders'] })}>
        {t('workplan.refresh')}
      </Button>
      <Button type="primary" icon={<PrinterOutlined />} onClick={() => window.print()} disabled={!total}>
        {t('workplan.print')}
      </Button>
    </div>
  );
  return (
    <ClinicalPage page={page} extra={extra} className="workplan">
      <p className="workplan__printed">{t('workplan.printedAt', { at: formatDateTime(new Date()) })}</p>
      {loading && <Spin className="clin-loading" />}
      {!loading && !total && <Empty description={t('workplan.empty')} />}
      {sections.map(({ section, items }) => (
        <Card key={section ?? '-'} size="small" className="workplan__section" title={`${section ?? t('entry.noSection')} (${items.length})`} extra={<Tag color={items.some(overdue) ? 'red' : 'default'}>{t('workplan.overdueCount', { count: items.filter(overdue).length })}</Tag>}>
          <Table<WorkItem>
            rowKey={(item) => item.test.id}
            size="small"
            pagination={false}
            dataSource={items}
            scroll={{ x: 'max-content' }}
            rowClassName={(item) => (overdue(item) ? 'workplan__overdue' : '')}
            columns={[
              { key: 'test', title: t('samples.test'), render: (_, item) => item.test.test_type_name },
              {
                key: 'due',
                title: t('samples.due'),
                render: (_, item) => (
                  <span className={overdue(item) ? 'clin-overdue' : undefined}>
                    {formatDateTime(item.test.due_at as string) || '—'}
                    {overdue(item) && ` · ${t('workplan.overdue')}`}
                  </span>
                ),
              },
              { key: 'lab', title: t('samples.labNumber'), render: (_, item) => <span className="clin-lab-number">{item.order.lab_number}</span> },
              {
                key: 'client',
                title: t('samples.client'),
                render: (_, item) => (
                  <span>
                    {item.order.client_name} <ClientFacts client={item.order} />
                  </span>
                ),
              },
              { key: 'priority', title: t('labOrder.priority'), render: (_, item) => (item.order.priority === 'urgent' ? <Tag color="red">{t('priority.urgent')}</Tag> : t('priority.routine')) },
              { key: 'status', title: t('samples.status'), render: (_, item) => <StatusTag code={item.test.status} /> },
            ]}
          />
        </Card>
      ))}
    </ClinicalPage>
  );
}

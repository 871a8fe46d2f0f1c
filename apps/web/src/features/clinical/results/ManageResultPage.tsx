import { SearchOutlined } from '@ant-design/icons';
import { RESULT_STATUS as R, SAMPLE_STATUS as S } from '@nlims/contracts';
import { Button, Card, Empty, Input, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PageProps } from '../../../routes';
import { TABLET_UP, useMediaQuery } from '../../layout/useMediaQuery';
import { useOrdersIn } from '../api';
import { ClientFacts } from '../common/ClientSummary';
import { ClinicalPage } from '../common/ClinicalPage';
import { formatDateTime } from '../common/format';
import { useCan } from '../common/useCan';
import type { OrderRow } from '../types';
import { ReportButtons } from './ReportButtons';
import { ResultsDrawer } from './ResultsDrawer';

const RELEASED_SAMPLE_STATUSES = [S.ONGOING, S.PARTIALLY_REJECTED] as const;

/** Samples with released (approved) results: the report to view, print or download, and amendment of a released result. */
export default function ManageResultPage({ page }: PageProps) {
  const { t } = useTranslation('clinical');
  const can = useCan();
  const wide = useMediaQuery(TABLET_UP);
  const { rows, loading, fetching } = useOrdersIn(RELEASED_SAMPLE_STATUSES);
  const [search, setSearch] = useState('');
  const [open, setOpen] = useState<number | null>(null);
  const term = search.trim().toLowerCase();
  const released = rows
    .filter((r) => r.tests.some((x) => x.status === R.APPROVAL))
    .filter((r) => !term || r.lab_number.toLowerCase().includes(term) || r.client_name.toLowerCase().includes(term))
    .sort((a, b) => String(b.created_at).localeCompare(String(a.created_at)));
  const approvedCount = (r: OrderRow) => r.tests.filter((x) => x.status === R.APPROVAL).length;
  const releasedTag = (r: OrderRow) => <Tag color={approvedCount(r) === r.tests.length ? 'success' : 'processing'}>{`${approvedCount(r)} / ${r.tests.length}`}</Tag>;
  const actions = (r: OrderRow) => (
    <>
      <ReportButtons orderId={r.id} labNumber={r.lab_number} />
      <Button size="small" onClick={() => setOpen(r.id)}>
        {t('manage.results')}
      </Button>
    </>
  );
  return (
    <ClinicalPage page={page}>
      <div className="clin-toolbar">
        <Input allowClear prefix={<SearchOutlined />} placeholder={t('manage.search')} aria-label={t('manage.search')} value={search} onChange={(e) => setSearch(e.target.value)} />
      </div>
      {!wide && !released.length && <Empty description={t('manage.empty')} />}
      {!wide && (
        <div className="clin-cards">
          {released.map((r) => (
            <Card key={r.id} size="small" className="clin-card">
              <div className="clin-card__head">
                <span className="clin-lab-number">{r.lab_number}</span>
                {releasedTag(r)}
              </div>
              <div>
                {r.client_name} <ClientFacts client={r} />
              </div>
              <div className="clin-muted">
                {t('samples.ordered')}: {formatDateTime(r.created_at as string)}
              </div>
              <div className="clin-actions">{actions(r)}</div>
            </Card>
          ))}
        </div>
      )}
      {wide && (
        <Table<OrderRow>
          className="clin-table"
          rowKey="id"
          size="middle"
          loading={loading || fetching}
          dataSource={released}
          scroll={{ x: 'max-content' }}
          pagination={{ defaultPageSize: 20, hideOnSinglePage: true, showSizeChanger: true, pageSizeOptions: [5, 10, 20, 50, 100] }}
          locale={{ emptyText: t('manage.empty') }}
          columns={[
            { key: 'lab', title: t('samples.labNumber'), render: (_, r) => <span className="clin-lab-number">{r.lab_number}</span> },
            {
              key: 'client',
              title: t('samples.client'),
              render: (_, r) => (
                <div>
                  <div>{r.client_name}</div>
                  <ClientFacts client={r} />
                </div>
              ),
            },
            { key: 'released', title: t('manage.released'), render: (_, r) => releasedTag(r) },
            { key: 'ordered', title: t('samples.ordered'), render: (_, r) => formatDateTime(r.created_at as string) },
            {
              key: 'actions',
              title: t('samples.actions'),
              fixed: 'end',
              render: (_, r) => <div className="clin-actions clin-actions--nowrap">{actions(r)}</div>,
            },
          ]}
        />
      )}
      {open != null && <ResultsDrawer orderId={open} canAmend={can('review')} onClose={() => setOpen(null)} />}
    </ClinicalPage>
  );
}

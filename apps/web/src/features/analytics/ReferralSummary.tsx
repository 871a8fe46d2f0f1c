import { DISPATCH_STATUS, type ReferralDashboardReply } from '@nlims/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Card, Col, Row, Statistic, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/client';

type Query = Record<string, string | number | undefined>;
const LEGS = ['collection_to_dispatch', 'dispatch_to_delivery', 'delivery_to_reception', 'reception_to_release', 'collection_to_result'] as const;

/** `GET referral_dashboard/` for the same area and period as the dashboard around it. */
function useReferralDashboard(query: Query) {
  const clean = Object.fromEntries(Object.entries(query).filter(([, v]) => v != null && v !== '')) as Record<string, string | number>;
  return useQuery({
    queryKey: ['referral-dashboard', clean],
    queryFn: ({ signal }) => api<ReferralDashboardReply>('/api/referral_dashboard/', { query: clean, signal, notify: false }),
    placeholderData: keepPreviousData,
  });
}

const statusKey = (code: number) => Object.entries(DISPATCH_STATUS).find(([, v]) => v === code)?.[0] ?? 'UNKNOWN';

/**
 * Referral beside a dashboard's figures: shipments and the overdue ones, samples referred, received, rejected and
 * missing, the median hours of each leg from collection to the released result, and each testing laboratory.
 * Facility staff see both directions of their facility; officials the shipments sent from their area.
 */
export function ReferralSummary({ query = {} }: { query?: Query }) {
  const { t } = useTranslation('analytics');
  const { data } = useReferralDashboard(query);
  if (!data || data.shipments.total === 0) return null;
  const hours = (h: number | null) => (h == null ? '—' : t('referral.hours', { value: h.toLocaleString() }));
  return (
    <Card
      title={t('referral.title')}
      className="dash__card referral-summary"
      data-testid="referral-summary"
      extra={data.shipments.overdue > 0 ? <Tag color="red">{t('referral.overdueTag', { count: data.shipments.overdue })}</Tag> : null}
    >
      <Row gutter={[16, 16]}>
        <Col xs={12} md={6}>
          <Statistic title={t('referral.shipments')} value={data.shipments.total} />
        </Col>
        {data.shipments.outgoing != null && (
          <Col xs={12} md={6}>
            <Statistic title={t('referral.outgoing')} value={data.shipments.outgoing} />
          </Col>
        )}
        {data.shipments.incoming != null && (
          <Col xs={12} md={6}>
            <Statistic title={t('referral.incoming')} value={data.shipments.incoming} />
          </Col>
        )}
        <Col xs={12} md={6}>
          <Statistic title={t('referral.overdue')} value={data.shipments.overdue} valueStyle={data.shipments.overdue ? { color: '#cf1322' } : undefined} />
        </Col>
        <Col xs={12} md={6}>
          <Statistic title={t('referral.samples')} value={data.samples.referred} />
        </Col>
        <Col xs={12} md={6}>
          <Statistic title={t('referral.received')} value={data.samples.received} />
        </Col>
        <Col xs={12} md={6}>
          <Statistic title={t('referral.rejected')} value={data.samples.rejected} />
        </Col>
        <Col xs={12} md={6}>
          <Statistic title={t('referral.missing')} value={data.samples.missing} />
        </Col>
      </Row>
      <Row gutter={[16, 16]} className="referral-summary__tables">
        <Col xs={24} lg={10}>
          <Table
            size="small"
            pagination={false}
            rowKey="leg"
            caption={t('referral.legsCaption')}
            dataSource={LEGS.map((leg) => ({ leg, hours: data.legs[leg] }))}
            columns={[
              { title: t('referral.leg'), dataIndex: 'leg', render: (leg: string) => t(`referral.legs.${leg}`) },
              { title: t('referral.median'), dataIndex: 'hours', align: 'end', render: hours },
            ]}
          />
        </Col>
        <Col xs={24} lg={14}>
          <Table
            size="small"
            pagination={false}
            rowKey="facility"
            caption={t('referral.labsCaption')}
            dataSource={data.by_laboratory}
            scroll={{ x: true }}
            columns={[
              { title: t('referral.laboratory'), dataIndex: 'facility_name' },
              { title: t('referral.shipments'), dataIndex: 'shipments', align: 'end' },
              { title: t('referral.samples'), dataIndex: 'samples', align: 'end' },
              { title: t('referral.overdue'), dataIndex: 'overdue', align: 'end' },
              { title: t('referral.legs.dispatch_to_delivery'), dataIndex: 'dispatch_to_delivery', align: 'end', render: hours },
            ]}
          />
        </Col>
      </Row>
      <p className="clin-muted referral-summary__statuses">
        {data.shipments.by_status.map((s) => `${t(`referral.status.${statusKey(s.status)}`)}: ${s.count}`).join(' · ')}
      </p>
    </Card>
  );
}

import { PrinterOutlined } from '@ant-design/icons';
import type { BillingDashboard as Figures } from '@nlims/contracts';
import { Button, Card, Col, Row, Spin } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BarChart, TimeSeriesChart } from '../../shared/charts';
import { LoadError } from '../../shared/page/LoadError';
import { StatTiles, type StatTile } from '../analytics/StatTiles';
import { formatDate } from '../../shared/format/format';
import { DateInput } from '../../shared/forms/DateInput';
import { useBillingDashboard } from './api';
import { naira } from './money';
import '../analytics/dashboard.css';

const kobo = (n: number | null) => (n == null ? '—' : naira(n * 100));

function tiles(t: (key: string, o?: Record<string, unknown>) => string, d: Figures): StatTile[] {
  const money = (value: number) => <bdi dir="ltr">{naira(value)}</bdi>;
  return [
    { key: 'takings', title: t('dashboard.takings'), value: money(d.takings.amount_kobo), note: t('dashboard.payments', { count: d.takings.count }) },
    { key: 'invoiced', title: t('dashboard.invoiced'), value: money(d.invoiced.amount_kobo), note: t('dashboard.invoices', { count: d.invoiced.count }) },
    {
      key: 'outstanding',
      title: t('dashboard.outstanding'),
      value: money(d.outstanding.amount_kobo),
      note: t('dashboard.owingInvoices', { count: d.outstanding.count }),
      alert: d.outstanding.count > 0,
    },
    {
      key: 'discounts',
      title: t('dashboard.discounts'),
      value: money(d.discounts.amount_kobo),
      note: t('dashboard.approvedCount', { count: d.discounts.count }),
    },
    { key: 'waivers', title: t('dashboard.waivers'), value: money(d.waivers.amount_kobo), note: t('dashboard.approvedCount', { count: d.waivers.count }) },
    { key: 'refunds', title: t('dashboard.refunds'), value: money(d.refunds.amount_kobo), note: t('dashboard.approvedCount', { count: d.refunds.count }) },
    {
      key: 'awaiting',
      title: t('dashboard.awaiting'),
      value: d.awaiting.adjustments + d.awaiting.refunds,
      note: t('dashboard.awaitingNote', { adjustments: d.awaiting.adjustments, refunds: d.awaiting.refunds }),
      alert: d.awaiting.adjustments + d.awaiting.refunds > 0,
    },
  ];
}

/** The cash desk's figures for a period (the last seven days by default): takings per day and per method, and the rest. */
export function BillingDashboard() {
  const { t } = useTranslation('billing');
  const [period, setPeriod] = useState<{ from?: string; to?: string }>({});
  const query = useBillingDashboard(period);
  const d = query.data;
  return (
    <section className="bill-dashboard" data-testid="bill-dashboard">
      <div className="clin-toolbar clin-no-print">
        <label className="clin-date">
          <span>{t('from')}</span>
          <DateInput value={period.from} max={period.to} onChange={(from) => setPeriod((p) => ({ ...p, from }))} aria-label={t('from')} />
        </label>
        <label className="clin-date">
          <span>{t('to')}</span>
          <DateInput value={period.to} min={period.from} onChange={(to) => setPeriod((p) => ({ ...p, to }))} aria-label={t('to')} />
        </label>
        <Button icon={<PrinterOutlined />} onClick={() => window.print()}>
          {t('print')}
        </Button>
      </div>
      {query.error && !d ? (
        <LoadError title={t('dashboard.error')} error={query.error} onRetry={() => void query.refetch()} />
      ) : !d ? (
        <Spin className="clin-loading" />
      ) : (
        <Spin spinning={query.isFetching}>
          <p className="bill-muted" data-testid="bill-period">
            {t('dashboard.period', { from: formatDate(d.from), to: formatDate(d.to) })}
          </p>
          <Row gutter={[12, 12]}>
            <StatTiles tiles={tiles(t, d)} testId="billing-stat" />
            <Col xs={24} xl={14}>
              <Card size="small" title={t('dashboard.perDay')} className="dash-card">
                <TimeSeriesChart
                  label={t('dashboard.perDay')}
                  x={d.by_day.map((x) => x.day)}
                  xText={formatDate}
                  xTitle={t('dashboard.day')}
                  integer={false}
                  valueText={(v) => kobo(v)}
                  series={[
                    {
                      key: 'takings',
                      label: t('dashboard.takings'),
                      type: 'bar',
                      values: d.by_day.map((x) => x.amount_kobo / 100),
                      format: kobo,
                    },
                  ]}
                />
              </Card>
            </Col>
            <Col xs={24} xl={10}>
              <Card size="small" title={t('dashboard.perMethod')} className="dash-card">
                <BarChart
                  label={t('dashboard.perMethod')}
                  categoryTitle={t('payment.method')}
                  integer={false}
                  valueText={(v) => kobo(v)}
                  categories={d.by_method.map((m) => ({ key: m.method, label: t(`method.${m.method}`) }))}
                  series={[{ key: 'takings', label: t('dashboard.takings'), values: d.by_method.map((m) => m.amount_kobo / 100), format: kobo }]}
                />
              </Card>
            </Col>
          </Row>
        </Spin>
      )}
    </section>
  );
}

import { Alert, Card, Switch } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import testServiceConfig from '../admin-facility/settings/testServiceConfig';
import { formatDate } from '../../shared/format/format';
import type { PageProps } from '../../shared/page/pageProps';
import { AdminPage } from '../resources/AdminPage';
import { ResourcePanel } from '../resources/ResourcePanel';
import type { ResourceConfig, Row } from '../resources/types';
import { useBillingSettings, useCurrentPrices, useSetHold } from './api';
import './billing.css';

/** The facility's setting: results held until their invoice is paid (off by default), kept by its administrator. */
export function HoldSettingCard() {
  const { t } = useTranslation('billing');
  const settings = useBillingSettings();
  const change = useSetHold();
  const on = settings.data?.hold_until_paid ?? false;
  return (
    <Card size="small" className="bill-setting" title={t('setting.title')} data-testid="bill-hold-setting">
      <div className="bill-setting__row">
        <Switch
          checked={on}
          loading={settings.isPending || change.isPending}
          disabled={!settings.data?.may_edit}
          onChange={(value) => change.mutate(value)}
          aria-label={t('setting.hold')}
        />
        <span>
          <strong>{t('setting.hold')}</strong>
          <span className="bill-muted bill-block">{t('setting.explain')}</span>
        </span>
      </div>
      {settings.data?.updated_by && (
        <p className="bill-muted">{t('setting.changed', { name: settings.data.updated_by, at: formatDate(settings.data.updated_at) })}</p>
      )}
      {change.error && <Alert type="error" showIcon title={t('setting.failed')} />}
    </Card>
  );
}

/** Since when a test's price is in force (the price list follows the test services), beside the price. */
function PriceSince({ row, since }: { row: Row; since: Map<number, string> }) {
  const at = since.get(Number(row.test_type));
  if (!at) return <span className="bill-muted">—</span>;
  return <span className="bill-nowrap">{at.startsWith('2000-01-01') ? '—' : formatDate(at)}</span>;
}

/** The test services with the date each price took effect, and the hold-until-paid setting above them. */
export default function TestServicePage({ page }: PageProps) {
  useTranslation('billing');
  const prices = useCurrentPrices();
  const since = useMemo(() => new Map((prices.data ?? []).map((p) => [p.test_type, p.effective_from])), [prices.data]);
  const config: ResourceConfig = useMemo(() => {
    const columns = [...testServiceConfig.columns];
    const at = columns.findIndex((c) => c.key === 'price');
    columns.splice(at + 1, 0, { key: 'price_since', label: 'billing:priceSince', render: (row) => <PriceSince row={row} since={since} /> });
    return { ...testServiceConfig, columns };
  }, [since]);
  return (
    <AdminPage page={page}>
      <HoldSettingCard />
      <ResourcePanel config={config} />
    </AdminPage>
  );
}

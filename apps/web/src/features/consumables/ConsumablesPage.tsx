import { ExportOutlined, ImportOutlined } from '@ant-design/icons';
import { Badge, Button, Tabs } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { ClinicalPage } from '../../shared/page/ClinicalPage';
import type { PageProps } from '../../shared/page/pageProps';
import { AlertsTab } from './AlertsTab';
import { useAlerts } from './api';
import { IssueDialog } from './IssueDialog';
import { ItemsTab } from './ItemsTab';
import { LotsTab } from './LotsTab';
import { ReceiptsTab } from './ReceiptsTab';
import { StockCardTab } from './StockCardTab';
import './consumables.css';

const TABS = ['items', 'lots', 'receipts', 'card', 'alerts'] as const;
type Tab = (typeof TABS)[number];

/**
 * Consumables (`/commodities/consumable`), the facility administrator's: items with their stock, lots and their moves,
 * receipts, the stock card and the alerts (`?tab=`). Issuing to a bench starts here; receiving has its own page.
 */
export default function ConsumablesPage({ page }: PageProps) {
  const { t } = useTranslation('consumables');
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const asked = params.get('tab') as Tab | null;
  const tab: Tab = asked && TABS.includes(asked) ? asked : 'items';
  const alerts = useAlerts();
  const [issuing, setIssuing] = useState(false);
  // the sidebar's badge shows this same figure (badge.ts)
  const waiting = alerts.data?.alerts ?? 0;
  const extra = (
    <div className="clin-actions clin-no-print">
      <Button icon={<ExportOutlined />} onClick={() => setIssuing(true)} data-testid="cons-issue-open">
        {t('issue.open')}
      </Button>
      <Button type="primary" icon={<ImportOutlined />} onClick={() => navigate('/commodities/createConsumable')}>
        {t('receive.open')}
      </Button>
    </div>
  );
  return (
    <ClinicalPage page={page} extra={extra} className="cons-page">
      <Tabs
        activeKey={tab}
        onChange={(key) => setParams({ tab: key })}
        className="cons-tabs"
        items={[
          { key: 'items', label: t('tab.items'), children: <ItemsTab /> },
          { key: 'lots', label: t('tab.lots'), children: <LotsTab /> },
          { key: 'receipts', label: t('tab.receipts'), children: <ReceiptsTab /> },
          { key: 'card', label: t('tab.card'), children: <StockCardTab /> },
          {
            key: 'alerts',
            label: (
              <span data-testid="cons-alerts-tab">
                {t('tab.alerts')} {waiting > 0 && <Badge count={waiting} size="small" overflowCount={999} />}
              </span>
            ),
            children: <AlertsTab />,
          },
        ]}
      />
      {issuing && <IssueDialog onClose={() => setIssuing(false)} />}
    </ClinicalPage>
  );
}

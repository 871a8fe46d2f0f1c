import { BILLING_CASHIER_ROLES } from '@nlims/contracts';
import { Badge, Button, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { ClinicalPage } from '../../shared/page/ClinicalPage';
import { useAccess } from '../auth/useAccess';
import type { PageProps } from '../../shared/page/pageProps';
import { useApprovals } from './api';
import { ApprovalsList } from './ApprovalsList';
import { BillingDashboard } from './BillingDashboard';
import { InvoiceList } from './InvoiceList';
import './billing.css';

const TABS = ['outstanding', 'all', 'awaiting'] as const;
type Tab = (typeof TABS)[number];

/**
 * Billing (`/billings`): the cash desk's figures for a period, then the invoices — those still owing, all of them,
 * and the discounts, waivers and refunds awaiting a supervisor's decision (`?tab=`).
 */
export default function BillingsPage({ page }: PageProps) {
  const { t } = useTranslation('billing');
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const ctx = useAccess();
  const asked = params.get('tab') as Tab | null;
  const tab: Tab = asked && TABS.includes(asked) ? asked : 'outstanding';
  const approvals = useApprovals();
  const waiting = approvals.data?.length ?? 0;
  const cashier = ctx.role != null && BILLING_CASHIER_ROLES.includes(ctx.role);
  const extra = cashier && (
    <Button type="primary" onClick={() => navigate('/add-billing')}>
      {t('desk.open')}
    </Button>
  );
  return (
    <ClinicalPage page={page} extra={extra} className="bill-page">
      <BillingDashboard />
      <Tabs
        activeKey={tab}
        onChange={(key) => setParams({ tab: key }, { replace: true })}
        className="bill-tabs"
        items={[
          { key: 'outstanding', label: t('tab.outstanding'), children: <InvoiceList fixed={{ has_balance: '1' }} testId="bill-outstanding" /> },
          { key: 'all', label: t('tab.all'), children: <InvoiceList testId="bill-all" /> },
          {
            key: 'awaiting',
            label: (
              <span>
                {t('tab.awaiting')} {waiting > 0 && <Badge count={waiting} size="small" />}
              </span>
            ),
            children: <ApprovalsList />,
          },
        ]}
      />
    </ClinicalPage>
  );
}

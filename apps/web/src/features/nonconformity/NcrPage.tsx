import { PlusOutlined } from '@ant-design/icons';
import { Button, Empty, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { ClinicalPage } from '../../shared/page/ClinicalPage';
import { useAccess } from '../auth/useAccess';
import type { PageProps } from '../../shared/page/pageProps';
import { NcrList } from './NcrList';
import { SummaryPanel } from './SummaryPanel';
import './nonconformity.css';

const TABS = ['list', 'summary'] as const;
type Tab = (typeof TABS)[number];

/**
 * Non-conformity reports (`/non-conformity`): the facility's reports with their filters, and the month's summary
 * (`?tab=summary`). Any staff member reports one.
 */
export default function NcrPage({ page }: PageProps) {
  const { t } = useTranslation('nonConformity');
  const ctx = useAccess();
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const asked = params.get('tab') as Tab | null;
  const tab: Tab = ctx.superuser ? 'summary' : asked && TABS.includes(asked) ? asked : 'list';
  const staff = !ctx.superuser && ctx.tier == null;
  // Officials read no facility's reports; the super admin reads every facility's monthly counts, never the text.
  if (ctx.tier != null)
    return (
      <ClinicalPage page={page} className="ncr-page">
        <Empty description={t('staffOnly')} />
      </ClinicalPage>
    );
  const extra = staff && (
    <Button type="primary" icon={<PlusOutlined />} className="clin-no-print" onClick={() => navigate('/non-conformity/new')}>
      {t('report')}
    </Button>
  );
  return (
    <ClinicalPage page={page} extra={extra} className="ncr-page">
      <Tabs
        activeKey={tab}
        onChange={(key) => setParams({ tab: key })}
        className="ncr-tabs"
        items={[
          ...(staff ? [{ key: 'list', label: t('tab.list'), children: <NcrList /> }] : []),
          { key: 'summary', label: t('tab.summary'), children: <SummaryPanel /> },
        ]}
      />
    </ClinicalPage>
  );
}

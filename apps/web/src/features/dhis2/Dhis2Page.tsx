import { Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ClinicalPage } from '../../shared/page/ClinicalPage';
import type { PageProps } from '../../shared/page/pageProps';
import { ExportTab } from './ExportTab';
import { HistoryTab } from './HistoryTab';
import { MappingsTab } from './MappingsTab';
import { OrgUnitsTab } from './OrgUnitsTab';
import { ServerTab } from './ServerTab';
import './dhis2.css';

const TABS = ['export', 'mappings', 'org_units', 'server', 'history'] as const;
type Tab = (typeof TABS)[number];

/**
 * DHIS2 reporting (`/interoperability/dhis2`, the super admin): a month's aggregates for a scope previewed,
 * downloaded, dry-run and sent; the indicators' data elements, the facilities' org units, the server; the sends
 * with DHIS2's import summaries (`?tab=`).
 */
export default function Dhis2Page({ page }: PageProps) {
  const { t } = useTranslation('dhis2');
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab') as Tab | null;
  const tab: Tab = asked && TABS.includes(asked) ? asked : 'export';
  const panes: Record<Tab, React.ReactNode> = {
    export: <ExportTab onHistory={() => setParams({ tab: 'history' }, { replace: true })} />,
    mappings: <MappingsTab />,
    org_units: <OrgUnitsTab />,
    server: <ServerTab />,
    history: <HistoryTab />,
  };
  return (
    <ClinicalPage page={page} className="dhis2-page">
      <Tabs
        activeKey={tab}
        onChange={(key) => setParams({ tab: key }, { replace: true })}
        destroyOnHidden
        items={TABS.map((key) => ({ key, label: t(`tab.${key}`), children: panes[key] }))}
      />
    </ClinicalPage>
  );
}

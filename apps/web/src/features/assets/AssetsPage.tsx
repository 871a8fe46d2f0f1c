import { PlusOutlined, ScanOutlined } from '@ant-design/icons';
import { Badge, Button, Space, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { ClinicalPage } from '../../shared/page/ClinicalPage';
import type { PageProps } from '../../shared/page/pageProps';
import { useAssetDue } from './api';
import { AssetDrawer } from './AssetDrawer';
import { AssetList } from './AssetList';
import { DuePanel } from './DuePanel';
import { KindsPanel, LocationsPanel } from './SettingsPanels';
import './assets.css';

const TABS = ['register', 'due', 'kinds', 'locations'] as const;
type Tab = (typeof TABS)[number];

/**
 * `/commodities/asset`: the equipment register (`?asset=<id>` opens one, with its moves and history), what falls due
 * (calibrations, certificates, maintenance), and the kinds and locations the register uses.
 */
export default function AssetsPage({ page }: PageProps) {
  const { t } = useTranslation('assets');
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab') as Tab | null;
  const tab: Tab = asked && TABS.includes(asked) ? asked : 'register';
  const open = Number(params.get('asset'));
  const due = useAssetDue();
  const change = (key: string, value: string | null) => {
    const next = new URLSearchParams(params);
    if (value == null) next.delete(key);
    else next.set(key, value);
    setParams(next);
  };
  const openAsset = (id: number) => change('asset', String(id));
  const extra = (
    <Space wrap className="asset-no-print">
      <Button icon={<ScanOutlined />} onClick={() => navigate('/commodities/bulkCheckOutAsset')}>
        {t('action.bulk')}
      </Button>
      <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate('/commodities/createAsset')}>
        {t('action.create')}
      </Button>
    </Space>
  );
  const dueCount = (due.data?.counts.calibration ?? 0) + (due.data?.counts.certificates ?? 0) + (due.data?.counts.maintenance ?? 0);
  return (
    <ClinicalPage page={page} extra={extra} className="asset-page">
      <Tabs
        activeKey={tab}
        onChange={(key) => setParams({ tab: key })}
        items={[
          { key: 'register', label: t('tab.register'), children: <AssetList onOpen={openAsset} /> },
          {
            key: 'due',
            label: (
              <span>
                {t('tab.due')} <Badge count={dueCount} size="small" color={due.data?.counts.overdue ? 'red' : 'gold'} />
              </span>
            ),
            children: <DuePanel onOpen={openAsset} />,
          },
          { key: 'kinds', label: t('tab.kinds'), children: <KindsPanel /> },
          { key: 'locations', label: t('tab.locations'), children: <LocationsPanel /> },
        ]}
      />
      {Number.isInteger(open) && open > 0 && <AssetDrawer id={open} onClose={() => change('asset', null)} />}
    </ClinicalPage>
  );
}

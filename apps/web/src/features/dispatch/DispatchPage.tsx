import { Tabs } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ClinicalPage } from '../clinical/common/ClinicalPage';
import { useProgramme } from '../clinical/programme';
import type { PageProps } from '../pages/pageProps';
import { NewShipment } from './NewShipment';
import { ReferredSamples } from './ReferredSamples';
import { ShipmentList } from './ShipmentList';
import './dispatch.css';

const SENDER_TABS = ['new', 'outgoing', 'incoming', 'referred'] as const;
type Tab = (typeof SENDER_TABS)[number];
/** The incoming shipments of a testing laboratory, for its receivers too. */
const INCOMING_PATH = '/dispatch/incoming';

/**
 * Referral and dispatch: a new shipment of collected samples to a testing laboratory, the shipments going out and
 * coming in, and the samples the facility referred with their results. A testing laboratory's receivers (who send
 * nothing) see the incoming shipments only. `?tab=` chooses the tab.
 */
export default function DispatchPage({ page }: PageProps) {
  const { t } = useTranslation('dispatch');
  const programme = useProgramme();
  const [params, setParams] = useSearchParams();
  const tabs: readonly Tab[] = programme.may('dispatch') ? SENDER_TABS : ['incoming'];
  const asked = params.get('tab') as Tab | null;
  // The receivers' own path opens on the incoming shipments.
  const first: Tab = page.path === INCOMING_PATH ? 'incoming' : tabs[0]!;
  const tab = asked && tabs.includes(asked) ? asked : first;
  const content: Record<Tab, () => ReactNode> = {
    new: () => <NewShipment />,
    outgoing: () => <ShipmentList direction="outgoing" />,
    incoming: () => <ShipmentList direction="incoming" />,
    referred: () => <ReferredSamples />,
  };
  return (
    <ClinicalPage page={page} className="dsp-page">
      <Tabs
        // Another programme chosen in the header: the new shipment starts afresh.
        key={programme.name}
        activeKey={tab}
        onChange={(key) => setParams({ tab: key })}
        items={tabs.map((key) => ({ key, label: t(`tab.${key}`), children: content[key]() }))}
      />
    </ClinicalPage>
  );
}

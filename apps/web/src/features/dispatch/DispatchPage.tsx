import { Spin, Tabs } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ClinicalPage } from '../../shared/page/ClinicalPage';
import { useProgramme } from '../clinical/programme';
import type { PageProps } from '../../shared/page/pageProps';
import { NewShipment } from './NewShipment';
import { ReferredSamples } from './ReferredSamples';
import { useReferralRole } from './api';
import { ShipmentList } from './ShipmentList';
import { firstTab, openTab, SENDER_TABS, type Tab } from './tabs';
import './dispatch.css';

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
  const asked = params.get('tab');
  const role = useReferralRole(programme.name);
  // A testing laboratory for the programme opens on what it receives; the receivers' own path too.
  const first = firstTab(tabs, { incomingPath: page.path === INCOMING_PATH, testingLaboratory: role.data?.testing_laboratory ?? false });
  const tab = openTab(tabs, asked, first);
  // Which side the facility is decides the first tab: wait for it rather than open the wrong one.
  const deciding = tabs.length > 1 && !asked && role.isPending;
  const content: Record<Tab, () => ReactNode> = {
    new: () => <NewShipment />,
    outgoing: () => <ShipmentList direction="outgoing" />,
    incoming: () => <ShipmentList direction="incoming" />,
    referred: () => <ReferredSamples />,
  };
  return (
    <ClinicalPage page={page} className="dsp-page">
      {deciding ? (
        <Spin className="dsp-page__deciding" />
      ) : (
        <Tabs
          // Another programme chosen in the header: the new shipment starts afresh.
          key={programme.name}
          activeKey={tab}
          onChange={(key) => setParams({ tab: key })}
          items={tabs.map((key) => ({ key, label: t(`tab.${key}`), children: content[key]() }))}
        />
      )}
    </ClinicalPage>
  );
}

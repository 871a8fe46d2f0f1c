import { Alert, Tabs, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ClinicalPage } from '../../shared/page/ClinicalPage';
import type { PageProps } from '../../shared/page/pageProps';
import { useInstrumentMachines } from './api';
import { MessagesTab } from './MessagesTab';
import { UnmatchedTab } from './UnmatchedTab';

/**
 * The analysers' interfaces (`/interoperability/instruments`, a supervisor or manager): the results they sent that
 * could not be placed — matched to a sample's test (entered as any result) or discarded with a reason — and every
 * message received and sent, with its raw text. The tab is kept in the address (`?tab=messages`).
 */
export default function InstrumentsPage({ page }: PageProps) {
  const { t } = useTranslation('instruments');
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'messages' ? 'messages' : 'unmatched';
  const machines = useInstrumentMachines();
  return (
    <ClinicalPage page={page} className="instruments-page">
      <Typography.Paragraph type="secondary">{t('intro')}</Typography.Paragraph>
      {machines.data && machines.data.length === 0 && <Alert type="info" showIcon message={t('noMachines')} />}
      <Tabs
        activeKey={tab}
        onChange={(key) => setParams(key === 'messages' ? { tab: key } : {}, { replace: true })}
        items={[
          { key: 'unmatched', label: t('tab.unmatched'), children: <UnmatchedTab /> },
          { key: 'messages', label: t('tab.messages'), children: <MessagesTab /> },
        ]}
      />
    </ClinicalPage>
  );
}

import { SAMPLE_STATUS as S } from '@nlims/contracts';
import { Modal } from 'antd';
import type { PageProps } from '../../../shared/page/pageProps';
import { useOrders } from '../api';
import { ClinicalPage } from '../../../shared/page/ClinicalPage';
import { useProgramme } from '../programme';
import { RequestAgain } from './RequestAgain';
import { SampleActions } from './SampleActions';
import { SampleTable } from './SampleTable';
import { SampleToolbar } from './SampleToolbar';
import { useSampleDialogs } from './useSampleDialogs';
import { useSampleList } from './useSampleList';

/** The programme's samples rejected at reception, whole or in part. */
const REJECTED = [S.REJECTED, S.PARTIALLY_REJECTED] as const;

/** The sample list narrowed to rejected and partially rejected samples: why, by whom and when (history, and the request-again dialog), and a new sample requested in one action. */
export default function RejectedSamplePage({ page }: PageProps) {
  const programme = useProgramme();
  const list = useSampleList();
  const { data, isFetching } = useOrders(programme, { ...list.params, statuses: REJECTED });
  const dialogs = useSampleDialogs();
  const [modal, modalHolder] = Modal.useModal();
  return (
    <ClinicalPage page={page}>
      <SampleToolbar list={list} statuses={REJECTED} />
      <SampleTable
        list={list}
        data={data}
        loading={isFetching}
        actions={(row) => (
          <>
            <SampleActions row={row} primary="collect" open={dialogs.open} modal={modal} />
            <RequestAgain row={row} />
          </>
        )}
      />
      {dialogs.element}
      {modalHolder}
    </ClinicalPage>
  );
}

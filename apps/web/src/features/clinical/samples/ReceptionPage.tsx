import { SAMPLE_STATUS as S } from '@nlims/contracts';
import { Modal } from 'antd';
import type { PageProps } from '../../pages/pageProps';
import { useOrders } from '../api';
import { ClinicalPage } from '../common/ClinicalPage';
import { SampleActions } from './SampleActions';
import { SampleTable } from './SampleTable';
import { SampleToolbar } from './SampleToolbar';
import { useSampleDialogs } from './useSampleDialogs';
import { useSampleList } from './useSampleList';

/** Samples waiting at reception: collected first, also received, partially rejected and on hold. */
const RECEPTION_STATUSES = [S.COLLECTED, S.RECEIVED, S.PARTIALLY_REJECTED, S.ON_HOLD] as const;

/** Accept a collected sample into the laboratory, reject it (whole or some tests) or hold it. */
export default function ReceptionPage({ page }: PageProps) {
  const list = useSampleList(S.COLLECTED);
  const { data, isFetching } = useOrders(list.params);
  const dialogs = useSampleDialogs();
  const [modal, modalHolder] = Modal.useModal();
  return (
    <ClinicalPage page={page}>
      <SampleToolbar list={list} statuses={RECEPTION_STATUSES} statusRequired />
      <SampleTable
        list={list}
        data={data}
        loading={isFetching}
        actions={(row) => <SampleActions row={row} primary="accept" open={dialogs.open} modal={modal} />}
      />
      {dialogs.element}
      {modalHolder}
    </ClinicalPage>
  );
}

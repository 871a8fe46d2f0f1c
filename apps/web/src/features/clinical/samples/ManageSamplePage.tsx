import { PlusOutlined } from '@ant-design/icons';
import { Button, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { PageProps } from '../../pages/pageProps';
import { useOrders } from '../api';
import { ClinicalPage } from '../common/ClinicalPage';
import { SAMPLE_FILTER_STATUSES } from '../common/status';
import { useCan } from '../common/useCan';
import { SampleActions } from './SampleActions';
import { SampleTable } from './SampleTable';
import { SampleToolbar } from './SampleToolbar';
import { useSampleDialogs } from './useSampleDialogs';
import { useSampleList } from './useSampleList';

/** Every sample of the facility: find, filter, collect, hold or release, cancel, print its label, read its history. */
export default function ManageSamplePage({ page }: PageProps) {
  const { t } = useTranslation('clinical');
  const can = useCan();
  const list = useSampleList();
  const { data, isFetching } = useOrders(list.params);
  const dialogs = useSampleDialogs();
  const [modal, modalHolder] = Modal.useModal();
  const extra = can('order') && (
    <Link to="/clinical/lab-order">
      <Button type="primary" icon={<PlusOutlined />}>
        {t('labOrder.newOrder')}
      </Button>
    </Link>
  );
  return (
    <ClinicalPage page={page} extra={extra}>
      <SampleToolbar list={list} statuses={SAMPLE_FILTER_STATUSES} progress />
      <SampleTable
        list={list}
        data={data}
        loading={isFetching}
        actions={(row) => <SampleActions row={row} primary="collect" open={dialogs.open} modal={modal} />}
      />
      {dialogs.element}
      {modalHolder}
    </ClinicalPage>
  );
}

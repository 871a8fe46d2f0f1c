import { PlusOutlined } from '@ant-design/icons';
import { Button, Modal } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { PageProps } from '../../../shared/page/pageProps';
import { useOrders } from '../api';
import { ClinicalPage } from '../../../shared/page/ClinicalPage';
import { SAMPLE_FILTER_STATUSES } from '../../../shared/status/status';
import { useProgramme } from '../programme';
import { SampleActions } from './SampleActions';
import { SampleTable } from './SampleTable';
import { SampleToolbar } from './SampleToolbar';
import { useSampleDialogs } from './useSampleDialogs';
import { useSampleList } from './useSampleList';
import { Slot } from '../../../shared/registry';
import { SAMPLE_LIST_INBOX } from '../slots';

/** The order form (and the request form's schema with it) loads when the drawer is first opened. */
const NewRequestDrawer = lazy(() => import('./NewRequestDrawer').then((m) => ({ default: m.NewRequestDrawer })));

/**
 * Every sample of the programme in the facility: find, filter, collect, hold
 * or release, cancel, print its label, read its history. New orders come
 * from the lab-order page where the programme has one (General), else from a
 * "New request" drawer over this list.
 */
export default function ManageSamplePage({ page }: PageProps) {
  const { t } = useTranslation('clinical');
  const programme = useProgramme();
  const list = useSampleList();
  const { data, isFetching } = useOrders(programme, list.params);
  const dialogs = useSampleDialogs();
  const [modal, modalHolder] = Modal.useModal();
  const [requesting, setRequesting] = useState(false);
  const [requested, setRequested] = useState(false);
  const labOrder = programme.pathOf('labOrder');
  const open = () => {
    setRequested(true);
    setRequesting(true);
  };
  const extra =
    programme.may('order') &&
    (labOrder ? (
      <Link to={labOrder}>
        <Button type="primary" icon={<PlusOutlined />}>
          {t('labOrder.newOrder')}
        </Button>
      </Link>
    ) : (
      <Button type="primary" icon={<PlusOutlined />} onClick={open}>
        {t('labOrder.newRequest')}
      </Button>
    ));
  return (
    <ClinicalPage page={page} extra={extra}>
      {programme.may('order') && <Slot slot={SAMPLE_LIST_INBOX} program={programme.name} />}
      <SampleToolbar list={list} statuses={SAMPLE_FILTER_STATUSES} progress />
      <SampleTable
        list={list}
        data={data}
        loading={isFetching}
        actions={(row) => <SampleActions row={row} primary="collect" open={dialogs.open} modal={modal} />}
      />
      {dialogs.element}
      {modalHolder}
      {requested && (
        <Suspense fallback={null}>
          <NewRequestDrawer open={requesting} onClose={() => setRequesting(false)} />
        </Suspense>
      )}
    </ClinicalPage>
  );
}

import { BarcodeOutlined, CheckOutlined } from '@ant-design/icons';
import { canMove, SAMPLE_STATUS as S } from '@nlims/contracts';
import { Alert, Button, Input, Modal, Popconfirm, type InputRef } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TABLET_UP, useMediaQuery } from '../../../shared/page/useMediaQuery';
import type { PageProps } from '../../../shared/page/pageProps';
import { useBulkSampleMove, useOrders } from '../api';
import { ClinicalPage } from '../../../shared/page/ClinicalPage';
import { errorDetail } from '../../../shared/forms/forms';
import { useProgramme } from '../programme';
import { SampleActions } from './SampleActions';
import { SampleTable } from './SampleTable';
import { SampleToolbar } from './SampleToolbar';
import { useSampleDialogs } from './useSampleDialogs';
import { useSampleList } from './useSampleList';

/** Samples waiting at reception: collected first, also received, partially rejected and on hold. */
const RECEPTION_STATUSES = [S.COLLECTED, S.RECEIVED, S.PARTIALLY_REJECTED, S.ON_HOLD] as const;

/**
 * Accept a collected sample into the laboratory, reject it (whole or some
 * tests) or hold it. A label scanned (or typed) finds that one sample
 * whatever its status; ticked rows are accepted together, all or nothing.
 */
export default function ReceptionPage({ page }: PageProps) {
  const { t } = useTranslation('clinical');
  const programme = useProgramme();
  const list = useSampleList(S.COLLECTED);
  const { data, isFetching } = useOrders(programme, list.params);
  const dialogs = useSampleDialogs();
  const [modal, modalHolder] = Modal.useModal();
  const [scan, setScan] = useState('');
  const scanner = useRef<InputRef>(null);
  const bulk = useBulkSampleMove(programme);
  const [selected, setSelected] = useState<number[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const scanned = list.params.barcode;
  // Rows are ticked in the table; a phone's cards take one sample at a time.
  const wide = useMediaQuery(TABLET_UP);
  const bulkAccept = programme.may('receive') && !scanned && wide;
  const rows = data?.results ?? [];
  const live = selected.filter((id) => rows.some((r) => r.id === id && canMove('accept', r.status)));
  const find = (value: string) => {
    const barcode = value.trim();
    list.set({ barcode: barcode || undefined });
    setScan('');
    scanner.current?.focus();
  };
  const acceptSelected = async () => {
    setProblem(null);
    try {
      await bulk.mutateAsync({ ids: live, action: 'accept' });
      setSelected([]);
    } catch (error) {
      setProblem(errorDetail(error));
    }
  };
  return (
    <ClinicalPage page={page}>
      <div className="clin-toolbar clin-scan">
        <Input.Search
          ref={scanner}
          autoFocus
          allowClear
          prefix={<BarcodeOutlined />}
          placeholder={t('reception.scan')}
          aria-label={t('reception.scan')}
          enterButton={t('reception.find')}
          value={scan}
          onChange={(e) => setScan(e.target.value)}
          onSearch={find}
          autoComplete="off"
        />
        {bulkAccept && (
          <Popconfirm
            title={t('reception.acceptSelectedTitle', { count: live.length })}
            okText={t('actions.accept')}
            cancelText={t('common.back')}
            onConfirm={acceptSelected}
            disabled={!live.length}
          >
            <Button icon={<CheckOutlined />} disabled={!live.length} loading={bulk.isPending}>
              {t('reception.acceptSelected', { count: live.length })}
            </Button>
          </Popconfirm>
        )}
      </div>
      {scanned ? (
        <Alert
          type={data && !isFetching && !rows.length ? 'warning' : 'info'}
          showIcon
          title={data && !isFetching && !rows.length ? t('reception.notFound', { barcode: scanned }) : t('reception.showing', { barcode: scanned })}
          action={
            <Button size="small" onClick={() => find('')}>
              {t('reception.showAll')}
            </Button>
          }
        />
      ) : (
        <SampleToolbar list={list} statuses={RECEPTION_STATUSES} statusRequired />
      )}
      {problem && <Alert type="error" showIcon closable onClose={() => setProblem(null)} title={problem} />}
      <SampleTable
        list={list}
        data={data}
        loading={isFetching}
        actions={(row) => <SampleActions row={row} primary="accept" open={dialogs.open} modal={modal} />}
        selection={bulkAccept ? { selected: live, onSelect: setSelected, selectable: (row) => canMove('accept', row.status) } : undefined}
      />
      {dialogs.element}
      {modalHolder}
    </ClinicalPage>
  );
}

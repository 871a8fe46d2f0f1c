import { RedoOutlined } from '@ant-design/icons';
import { SAMPLE_STATUS as S } from '@nlims/contracts';
import { Alert, Button, Descriptions, Modal, Spin } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNotices } from '../../../shared/notices';
import { useHistory, useOrder } from '../api';
import { errorDetail } from '../../../shared/forms/forms';
import { formatDateTime } from '../../../shared/format/format';
import { useCreateOrder } from '../mutations';
import { useProgramme } from '../programme';
import { useTestConfig } from '../results/useTestConfig';
import type { OrderRow } from '../types';

/**
 * A rejected sample's way forward: why, by whom and when it was rejected
 * (its history), and one action that requests a new sample — a new request of
 * the same client with the rejected tests (a panel once), the same request
 * form and clinician — whose label the receptionist then prints and collects.
 */
export function RequestAgain({ row }: { row: OrderRow }) {
  const { t } = useTranslation(['ph', 'clinical']);
  const programme = useProgramme();
  const [open, setOpen] = useState(false);
  if (!programme.may('order')) return null;
  return (
    <>
      <Button size="small" icon={<RedoOutlined />} onClick={() => setOpen(true)}>
        {t('rejected.requestAgain')}
      </Button>
      {open && <RequestAgainModal row={row} onClose={() => setOpen(false)} />}
    </>
  );
}

function RequestAgainModal({ row, onClose }: { row: OrderRow; onClose: () => void }) {
  const { t } = useTranslation(['ph', 'clinical']);
  const programme = useProgramme();
  const { message } = useNotices();
  const detail = useOrder(programme, row.id);
  const history = useHistory(programme, row.id);
  const { byId, loading } = useTestConfig();
  const create = useCreateOrder(programme);
  const [problem, setProblem] = useState<string | null>(null);
  const rejection = [...(history.data ?? [])].reverse().find((h) => h.action === 'sample.reject');
  // The rejected tests of this sample, a panel's members as their panel.
  const rejected = (detail.data?.tests ?? []).filter((x) => x.status === S.REJECTED);
  const testTypes = [...new Set(rejected.map((x) => byId.get(x.test_type)?.panel ?? x.test_type))];
  const names = testTypes.map((id) => byId.get(id)?.name ?? rejected.find((x) => x.test_type === id)?.test_type_name ?? String(id));
  const ready = detail.data != null && !loading && !history.isPending;

  const submit = async () => {
    const d = detail.data!;
    setProblem(null);
    try {
      const placed = await create.mutateAsync({
        client: d.client,
        test_types: testTypes,
        form: d.form,
        priority: d.priority,
        requesting_clinician: d.requesting_clinician,
        clinical_notes: [d.clinical_notes, t('rejected.note', { barcode: row.barcode })].filter(Boolean).join('\n'),
      });
      void message.success(t('rejected.requested', { lab: placed.lab_number }));
      onClose();
    } catch (error) {
      setProblem(errorDetail(error) ?? t('rejected.failed'));
    }
  };

  return (
    <Modal
      open
      title={
        <>
          {t('rejected.title')} <bdi dir="ltr">{row.barcode}</bdi>
        </>
      }
      okText={t('rejected.requestAgain')}
      okButtonProps={{ disabled: !ready || !testTypes.length, loading: create.isPending }}
      onOk={() => void submit()}
      cancelText={t('clinical:common.cancel')}
      onCancel={onClose}
      destroyOnHidden
    >
      {!ready ? (
        <Spin />
      ) : (
        <>
          <Descriptions
            size="small"
            column={1}
            items={[
              { key: 'client', label: t('clinical:samples.client'), children: row.client_name },
              { key: 'reason', label: t('clinical:reject.reason'), children: <bdi>{rejection?.reason ?? '—'}</bdi> },
              { key: 'by', label: t('rejected.by'), children: <bdi>{rejection?.user ?? '—'}</bdi> },
              { key: 'at', label: t('rejected.at'), children: <bdi dir="ltr">{formatDateTime(rejection?.at ?? null) || '—'}</bdi> },
              { key: 'tests', label: t('rejected.tests'), children: <bdi>{names.join(', ') || '—'}</bdi> },
            ]}
          />
          <p className="clin-muted">{t('rejected.explain')}</p>
          {problem && <Alert type="error" showIcon title={problem} />}
        </>
      )}
    </Modal>
  );
}

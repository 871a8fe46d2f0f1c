import { PrinterOutlined } from '@ant-design/icons';
import { Button, Modal } from 'antd';
import { code128, drawingSVG } from 'bwip-js/browser';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../shared/format/format';
import type { OfflineRecord } from './store';
import './offline.css';

/**
 * The provisional number as a Code 128 barcode, encoded on the device by the same library the server's labels use
 * (bwip-js), so a label prints without a connection.
 */
export function Barcode({ text }: { text: string }) {
  const svg = useMemo(() => code128({ bcid: 'code128', text, height: 10, includetext: false, paddingwidth: 10 }, drawingSVG()), [text]);
  return <img className="offline-label__bars" src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`} alt={text} />;
}

/** The labels of a record's samples (one per sample: client, programme, provisional number and its barcode), printed at once. */
export function LabelSheet({ record, onClose }: { record: OfflineRecord | null; onClose: () => void }) {
  const { t } = useTranslation('offline');
  const samples = (record?.payload.requests ?? []).flatMap((r) => r.samples.map((s) => ({ ...s, program: r.program })));
  const print = () => {
    document.body.classList.add('offline-printing');
    window.print();
    document.body.classList.remove('offline-printing');
  };
  return (
    <Modal
      open={!!record}
      onCancel={onClose}
      title={t('label.title')}
      footer={[
        <Button key="close" onClick={onClose}>
          {t('action.close')}
        </Button>,
        <Button key="print" type="primary" icon={<PrinterOutlined />} onClick={print}>
          {t('action.print')}
        </Button>,
      ]}
    >
      <div className="offline-labels">
        {samples.map((s) => (
          <div className="offline-label" key={s.provisional_number} data-testid="offline-label">
            <div className="offline-label__name" dir="auto">
              {record?.clientName}
            </div>
            <Barcode text={s.provisional_number} />
            <div className="offline-label__number">{s.provisional_number}</div>
            <div className="offline-label__meta" dir="auto">
              {s.program} · {formatDateTime(s.collected_at)}
            </div>
          </div>
        ))}
      </div>
    </Modal>
  );
}

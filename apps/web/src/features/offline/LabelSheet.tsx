import { PrinterOutlined } from '@ant-design/icons';
import { Button, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../clinical/common/format';
import { code128Bars } from './code128';
import type { OfflineRecord } from './store';
import './offline.css';

/** The provisional number as a Code 128 barcode, drawn here so it prints without a connection. */
export function Barcode({ text }: { text: string }) {
  const { bars, width } = code128Bars(text);
  return (
    <svg className="offline-label__bars" viewBox={`0 0 ${width} 40`} preserveAspectRatio="none" role="img" aria-label={text}>
      {bars.map((b) => (
        <rect key={b.x} x={b.x} y={0} width={b.w} height={40} />
      ))}
    </svg>
  );
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

import { DownloadOutlined, EyeOutlined, PrinterOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadFile, printFile, reportPath, viewFile } from '../common/pdf';

/** The result report as PDF: view in a new tab, print, or download. */
export function ReportButtons({ orderId, labNumber }: { orderId: number; labNumber: string }) {
  const { t } = useTranslation('clinical');
  const [busy, setBusy] = useState<string | null>(null);
  const run = (kind: string, go: () => Promise<void>) => {
    setBusy(kind);
    go()
      .catch(() => undefined)
      .finally(() => setBusy(null));
  };
  return (
    <>
      <Button size="small" type="primary" icon={<EyeOutlined />} loading={busy === 'view'} onClick={() => run('view', () => viewFile(reportPath(orderId)))}>
        {t('manage.viewReport')}
      </Button>
      <Button
        size="small"
        icon={<PrinterOutlined />}
        loading={busy === 'print'}
        onClick={() => run('print', () => printFile(reportPath(orderId)))}
        aria-label={t('manage.print')}
      >
        {t('manage.print')}
      </Button>
      <Button
        size="small"
        icon={<DownloadOutlined />}
        loading={busy === 'download'}
        onClick={() => run('download', () => downloadFile(`${reportPath(orderId)}?download=1`, `report-${labNumber}.pdf`))}
        aria-label={t('manage.download')}
      >
        {t('manage.download')}
      </Button>
    </>
  );
}

import { DownloadOutlined, EyeOutlined, PrinterOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadFile, printFile, reportPath, viewFile } from '../common/pdf';
import { useProgramme } from '../programme';
import { HoldNotice, HoldPending, useReportHold } from '../../billing/HoldNotice';

/** The order's result report as PDF (reached through any of its samples): view in a new tab, print, or download. */
export function ReportButtons({ sampleId, labNumber }: { sampleId: number; labNumber: string }) {
  const { t } = useTranslation('clinical');
  const programme = useProgramme();
  const path = reportPath(programme, sampleId);
  const [busy, setBusy] = useState<string | null>(null);
  // Held until its invoice is paid (where the facility holds results): say why, rather than fail on the click;
  // the buttons wait for the answer, so a held report is never offered while its payment is being checked.
  const hold = useReportHold(sampleId);
  const run = (kind: string, go: () => Promise<void>) => {
    setBusy(kind);
    go()
      .catch(() => undefined)
      .finally(() => setBusy(null));
  };
  if (hold.state === 'held') return <HoldNotice hold={hold.hold} />;
  if (hold.state !== 'free') return <HoldPending hold={hold} />;
  return (
    <>
      <Button size="small" type="primary" icon={<EyeOutlined />} loading={busy === 'view'} onClick={() => run('view', () => viewFile(path))}>
        {t('manage.viewReport')}
      </Button>
      <Button
        size="small"
        icon={<PrinterOutlined />}
        loading={busy === 'print'}
        onClick={() => run('print', () => printFile(path))}
        aria-label={t('manage.print')}
      >
        {t('manage.print')}
      </Button>
      <Button
        size="small"
        icon={<DownloadOutlined />}
        loading={busy === 'download'}
        onClick={() => run('download', () => downloadFile(`${path}?download=1`, `report-${labNumber}.pdf`))}
        aria-label={t('manage.download')}
      >
        {t('manage.download')}
      </Button>
    </>
  );
}

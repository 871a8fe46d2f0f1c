import { DownloadOutlined, EyeOutlined, PrinterOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadFile, printFile, viewFile } from '../../../shared/files';
import { reportPath } from '../paths';
import { useProgramme } from '../programme';
import { WrapSlot } from '../../../shared/registry';
import { REPORT_BUTTONS_GATE } from '../slots';

/** The order's result report as PDF (reached through any of its samples): view in a new tab, print, or download. */
export function ReportButtons({ sampleId, labNumber }: { sampleId: number; labNumber: string }) {
  const { t } = useTranslation('clinical');
  const programme = useProgramme();
  const path = reportPath(programme, sampleId);
  const [busy, setBusy] = useState<string | null>(null);
  const run = (kind: string, go: () => Promise<void>) => {
    setBusy(kind);
    go()
      .catch(() => undefined)
      .finally(() => setBusy(null));
  };
  // A module may hold the report back (until its invoice is paid, where the facility holds results): it shows
  // why in the buttons' place, and the buttons wait for its answer.
  return (
    <WrapSlot slot={REPORT_BUTTONS_GATE} sampleId={sampleId}>
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
    </WrapSlot>
  );
}

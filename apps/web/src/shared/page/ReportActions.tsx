import { DownloadOutlined, FileExcelOutlined, PrinterOutlined } from '@ant-design/icons';
import { Button } from 'antd';

export type ReportFormat = 'csv' | 'xlsx';

interface ReportActionsProps {
  /** Nothing to print or export yet. */
  empty: boolean;
  /** The export under way, if any. */
  downloading: ReportFormat | null;
  onDownload: (format: ReportFormat) => void;
  labels: { print: string; csv: string; xlsx: string };
}

/** A report's print, CSV and XLSX buttons (left off the printed page). */
export function ReportActions({ empty, downloading, onDownload, labels }: ReportActionsProps) {
  return (
    <div className="clin-actions clin-no-print">
      <Button icon={<PrinterOutlined />} onClick={() => window.print()} disabled={empty}>
        {labels.print}
      </Button>
      <Button icon={<DownloadOutlined />} loading={downloading === 'csv'} onClick={() => onDownload('csv')}>
        {labels.csv}
      </Button>
      <Button type="primary" icon={<FileExcelOutlined />} loading={downloading === 'xlsx'} onClick={() => onDownload('xlsx')}>
        {labels.xlsx}
      </Button>
    </div>
  );
}

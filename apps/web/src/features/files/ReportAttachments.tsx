import type { AttachmentItem } from '@nlims/contracts';
import { useQueries } from '@tanstack/react-query';
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { attachmentsQuery } from './api';
import { DownloadButton, FileName } from './FileParts';
import { formatSize } from './format';
import './files.css';

interface Props {
  /** The sample's tests (test orders), whose attachments marked "with the report" are listed. */
  tests: readonly { id: number; test_type_name: string }[];
  /** The list as the sample's report gives it, when it does. */
  attachments?: readonly AttachmentItem[];
}

/** The report's "Attachments": the result attachments printed with it, each with its test and a download. Nothing when there are none. */
export function ReportAttachments({ tests, attachments }: Props) {
  const { t } = useTranslation('files');
  const lists = useQueries({ queries: attachments ? [] : tests.map((x) => attachmentsQuery('result', x.id)) });
  const rows = attachments ?? lists.flatMap((q) => q.data ?? []);
  const shown = rows.filter((a) => a.with_report);
  if (!shown.length) return null;
  const testName = (a: AttachmentItem) => a.test_name ?? tests.find((x) => x.id === a.target_id)?.test_type_name ?? '';
  return (
    <section className="files-report-attachments" data-testid="report-attachments">
      <Typography.Title level={5} className="files-section-title">
        {t('attachments.title')}
      </Typography.Title>
      <ul className="files-attached">
        {shown.map((a) => (
          <li key={a.id} className="files-attached__item">
            <div className="files-attached__main">
              <FileName name={a.name} kind={a.kind} />
              <span className="files-muted">
                <bdi>{testName(a)}</bdi> · {formatSize(t, a.size)}
                {a.description ? ` · ${a.description}` : ''}
              </span>
            </div>
            <div className="files-attached__actions">
              <DownloadButton id={a.file} name={a.name} label={false} />
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}

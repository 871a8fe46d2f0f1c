import type { AttachmentItem } from '@nlims/contracts';
import { useQuery } from '@tanstack/react-query';
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/client';
import { DownloadButton, FileName } from './FileParts';
import { formatSize } from './format';
import './files.css';

/** What the report of a sample's order prints under "Attachments": the sample's and its tests' attachments marked with the report. */
export function useReportAttachments(sampleId: number) {
  return useQuery({
    queryKey: ['attachments', 'report', sampleId],
    queryFn: ({ signal }) => api<AttachmentItem[]>('/api/attachments/', { query: { target: 'sample', id: sampleId, report: 1 }, signal }),
  });
}

/** The report's "Attachments", each with its test and a download; nothing when there are none. */
export function ReportAttachments({ sampleId }: { sampleId: number }) {
  const { t } = useTranslation('files');
  const { data } = useReportAttachments(sampleId);
  if (!data?.length) return null;
  return (
    <section className="files-report-attachments" data-testid="report-attachments">
      <Typography.Title level={5} className="files-section-title">
        {t('attachments.title')}
      </Typography.Title>
      <ul className="files-attached">
        {data.map((a) => (
          <li key={a.id} className="files-attached__item">
            <div className="files-attached__main">
              <FileName name={a.name} kind={a.kind} />
              <span className="files-muted">
                {a.test_name && (
                  <>
                    <bdi>{a.test_name}</bdi> ·{' '}
                  </>
                )}
                {formatSize(t, a.size)}
                {a.description && (
                  <>
                    {' · '}
                    <bdi>{a.description}</bdi>
                  </>
                )}
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

import { CloudUploadOutlined, SearchOutlined, WarningOutlined } from '@ant-design/icons';
import type { FileItem } from '@nlims/contracts';
import { Button, Input, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../shared/page/LoadError';
import { TABLET_UP, useMediaQuery } from '../../shared/page/useMediaQuery';
import { type FileView, useFiles } from './api';
import { DocumentTags, DownloadButton, FileName } from './FileParts';
import { day } from './format';
import { type Column, ItemList } from './ItemList';
import { NewVersionDialog } from './NewVersionDialog';

const PAGE = 20;

/**
 * The controlled documents: every version with its code, title, dates, approver and status (a
 * superseded one stays downloadable), and above them those past their review date, highlighted.
 * Supervisors and managers issue a new version of a current one.
 */
export function DocumentList({ mayIssue }: { mayIssue: boolean }) {
  const { t } = useTranslation('files');
  const [search, setSearch] = useState('');
  const [versioning, setVersioning] = useState<FileItem | null>(null);
  return (
    <div className="files-documents">
      <PastReview mayIssue={mayIssue} onVersion={setVersioning} />
      <Typography.Title level={5} className="files-section-title">
        {t('document.all')}
      </Typography.Title>
      <div className="files-toolbar">
        <Input
          allowClear
          className="files-search"
          prefix={<SearchOutlined />}
          placeholder={t('document.search')}
          aria-label={t('document.search')}
          value={search}
          onChange={(e) => setSearch(e.target.value)}
        />
      </div>
      <Documents view="documents" search={search} mayIssue={mayIssue} onVersion={setVersioning} testid="documents" />
      {versioning && <NewVersionDialog file={versioning} onClose={() => setVersioning(null)} />}
    </div>
  );
}

interface ListProps {
  mayIssue: boolean;
  onVersion: (file: FileItem) => void;
}

/** Current documents whose review date has passed: they need reviewing, or a new version. */
function PastReview(props: ListProps) {
  const { t } = useTranslation('files');
  const { data } = useFiles({ view: 'past_review', page: 1, pageSize: PAGE });
  if (!data?.count) return null;
  return (
    <section className="files-past-review" data-testid="past-review">
      <Typography.Title level={5} className="files-section-title">
        <WarningOutlined /> {t('document.pastReviewTitle', { n: data.count })}
      </Typography.Title>
      <Documents view="past_review" {...props} testid="past-review-list" />
    </section>
  );
}

function Documents({ view, search, mayIssue, onVersion, testid }: ListProps & { view: FileView; search?: string; testid: string }) {
  const { t } = useTranslation('files');
  const [page, setPage] = useState(1);
  const list = useFiles({ view, search: search?.trim() || undefined, page, pageSize: PAGE });
  // A table's row keeps its buttons in view: the download is an icon there.
  const wide = useMediaQuery(TABLET_UP);
  if (list.error && !list.data) return <LoadError title={t('document.loadError')} error={list.error} onRetry={() => void list.refetch()} />;
  const doc = (f: FileItem) => f.document!;
  const columns: Column<FileItem>[] = [
    {
      key: 'code',
      title: t('document.code'),
      render: (f) => (
        <span className="files-doc-head">
          <bdi className="files-code">{doc(f).code}</bdi>
          <DocumentTags document={doc(f)} />
        </span>
      ),
    },
    {
      key: 'title',
      title: t('document.title'),
      render: (f) => (
        <span className="files-doc-title">
          <bdi>{doc(f).title}</bdi>
          <FileName name={f.name} kind={f.kind} />
        </span>
      ),
    },
    { key: 'version', title: t('document.version'), render: (f) => doc(f).version, align: 'end', nowrap: true },
    { key: 'effective', title: t('document.effective'), render: (f) => day(doc(f).effective_date), nowrap: true },
    {
      key: 'review',
      title: t('document.review'),
      render: (f) => <span className={doc(f).past_review && doc(f).status === 'current' ? 'files-bad' : undefined}>{day(doc(f).review_date)}</span>,
      nowrap: true,
    },
    { key: 'approved', title: t('document.approvedBy'), render: (f) => <bdi>{doc(f).approved_by}</bdi> },
  ];
  return (
    <ItemList<FileItem>
      testid={testid}
      rows={(list.data?.results ?? []).filter((f) => f.document)}
      rowKey={(f) => f.id}
      loading={list.isFetching}
      empty={t(search ? 'document.noMatch' : 'document.none')}
      rowClassName={(f) =>
        `${doc(f).status === 'superseded' ? 'files-row--superseded' : ''} ${doc(f).past_review && doc(f).status === 'current' ? 'files-row--overdue' : ''}`
      }
      paging={{ page, pageSize: PAGE, total: list.data?.count ?? 0, onPage: setPage }}
      columns={columns}
      actions={(f) => (
        <>
          <DownloadButton id={f.id} name={f.name} label={!wide} />
          {mayIssue && doc(f).status === 'current' && (
            <Button size="small" icon={<CloudUploadOutlined />} onClick={() => onVersion(f)}>
              {t('document.newVersion')}
            </Button>
          )}
        </>
      )}
    />
  );
}

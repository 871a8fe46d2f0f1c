import { Tabs } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearchParams } from 'react-router';
import { ClinicalPage } from '../../shared/page/ClinicalPage';
import type { PageProps } from '../../shared/page/pageProps';
import { useMayIssueDocuments } from './access';
import { BinView } from './BinView';
import { DocumentList } from './DocumentList';
import { FolderView } from './FolderView';
import './files.css';
import { staffOnly } from './StaffOnly';

const TABS = ['folders', 'documents', 'bin'] as const;
type Tab = (typeof TABS)[number];

/** `?path=3.7.12`: the folders from the top level down to the one shown. */
const trailOf = (value: string | null) =>
  value
    ? value
        .split('.')
        .map(Number)
        .filter((n) => Number.isInteger(n) && n > 0)
    : [];

/**
 * Documents (`/file-management/documents`): the facility's folders and files, its controlled
 * documents with their versions and review dates, and the bin. `?tab=` chooses the tab, `?path=`
 * the folder; a recent folder opened from its page brings its name along.
 */
function DocumentsPage({ page }: PageProps) {
  const { t } = useTranslation('files');
  const [params, setParams] = useSearchParams();
  const names = (useLocation().state as { names?: Record<number, string> } | null)?.names;
  const mayIssue = useMayIssueDocuments();
  const asked = params.get('tab') as Tab | null;
  const tab: Tab = asked && TABS.includes(asked) ? asked : 'folders';
  const trail = trailOf(params.get('path'));
  const content: Record<Tab, () => ReactNode> = {
    folders: () => (
      <FolderView
        trail={trail}
        names={names}
        mayIssue={mayIssue}
        onTrail={(next) => setParams(next.length ? { tab, path: next.join('.') } : { tab }, { state: { names } })}
      />
    ),
    documents: () => <DocumentList mayIssue={mayIssue} />,
    bin: () => <BinView mayIssue={mayIssue} />,
  };
  return (
    <ClinicalPage page={page} className="files-page">
      <Tabs
        activeKey={tab}
        onChange={(key) => setParams({ tab: key })}
        items={TABS.map((key) => ({ key, label: t(`tab.${key}`), children: content[key]() }))}
        destroyOnHidden
      />
    </ClinicalPage>
  );
}

export default staffOnly(DocumentsPage);

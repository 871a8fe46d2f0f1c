import { DownloadOutlined, FileExcelOutlined, PrinterOutlined } from '@ant-design/icons';
import { DEFAULT_PAGE_SIZE, type Paginated } from '@nlims/contracts';
import { Button, Card, Empty, Select, Spin, type TableProps } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadFile } from '../files';
import { todayLagos } from '../format/format';
import { ListTable } from '../list/ListTable';
import { Pager } from '../list/Pager';
import { ClinicalPage } from '../page/ClinicalPage';
import { LoadError } from '../page/LoadError';
import type { PageProps } from '../page/pageProps';
import type { ReportFormat } from '../page/ReportActions';
import { TABLET_UP, useMediaQuery } from '../page/useMediaQuery';
import { statusText } from '../status/status';
import '../list/list.css';

/** The page of rows a line list asks its API for (a type, not an interface, so it fits a query record). */
export type Paging = {
  page: number;
  page_size: number;
};

/** What a family's report query hook answers (a React Query result). */
export interface LineListRows<R> {
  data?: Paginated<R>;
  error: unknown;
  isPending: boolean;
  isFetching: boolean;
  refetch: () => unknown;
}

/** A filter change: the fields given replace the current ones (undefined clears one). */
export type SetFilters<F> = (change: Partial<F>) => void;

/** What makes one family's report: where its rows come from, how it is filtered, shown, exported and printed. */
export interface LineListSpec<F extends object, R extends object> {
  /** The report's API path; the export asks it for the same filters with `format`. */
  path: string;
  /** The family's query hook for one page of rows (fixed for the page's life, as hooks must be). */
  useRows: (query: F & Paging) => LineListRows<R>;
  /** The exported file's name before the day and the extension (`tb-report` → `tb-report-2025-01-31.csv`). */
  fileName: string;
  /** The exports offered, in button order; the last is the primary one. CSV when left out. */
  formats?: readonly ReportFormat[];
  /** The Excel button's words, when `formats` offers it. */
  xlsxLabel?: string;
  /** Offer a print button (the printed page leaves off filters, buttons and pager). */
  print?: boolean;
  /** The filter bar above the rows. */
  filterBar: (filters: F, set: SetFilters<F>) => ReactNode;
  columns: TableProps<R>['columns'];
  rowKey: (row: R, index: number) => string;
  /** One row as a card on phones; without it phones get the table too. */
  card?: (row: R) => ReactNode;
  /** The lines above the rows on paper only: the filters in words, the page printed and the rows in all. */
  printedSummary?: (page: { page: number; total: number }) => ReactNode;
  /** The title of the notice when the rows could not be loaded; without it the page stays quiet. */
  errorTitle?: string;
  /** Classes of the page frame and of the table. */
  className?: string;
  tableClassName?: string;
}

interface LineListPageProps<F extends object, R extends object> extends PageProps {
  spec: LineListSpec<F, R>;
  /** The filters in force, held by the page (in its state or in the URL). */
  filters: F;
  onFilters: SetFilters<F>;
}

/** The query string of a filter set, without empty values. */
const queryOf = (values: Record<string, unknown>) =>
  new URLSearchParams(
    Object.entries(values)
      .filter(([, v]) => v != null && v !== '')
      .map(([k, v]) => [k, String(v)]),
  ).toString();

/** Filters held in the page's state: a change merges into them. */
export function useFilterState<F extends object>(initial = {} as F): [F, SetFilters<F>] {
  const [filters, setFilters] = useState<F>(initial);
  return [filters, (change) => setFilters((f) => ({ ...f, ...change }))];
}

/** The status filter of a line list: the statuses given, in their order, in the interface language. */
export function StatusSelect({ statuses, value, onChange }: { statuses: readonly number[]; value?: number; onChange: (status?: number) => void }) {
  const { t } = useTranslation('clinical');
  return (
    <Select
      allowClear
      placeholder={t('samples.allStatuses')}
      aria-label={t('samples.status')}
      value={value}
      onChange={(status?: number) => onChange(status)}
      options={statuses.map((s) => ({ value: s, label: statusText(t, s) }))}
    />
  );
}

/**
 * A family's report as one page: its filter bar, the rows of one page (a table on wide screens, cards
 * on phones), the shared pager asking the server for the next, and the exports with the same filters;
 * a filter change goes back to the first page.
 */
export function LineListPage<F extends object, R extends object>({ page, spec, filters, onFilters }: LineListPageProps<F, R>) {
  const { t } = useTranslation('clinical');
  const phone = !useMediaQuery(TABLET_UP);
  const [paging, setPaging] = useState({ pageIndex: 0, pageSize: DEFAULT_PAGE_SIZE });
  const [downloading, setDownloading] = useState<ReportFormat | null>(null);
  const { data, error, isPending, isFetching, refetch } = spec.useRows({ ...filters, page: paging.pageIndex + 1, page_size: paging.pageSize });
  const rows = data?.results ?? [];
  const total = data?.count ?? 0;
  const set: SetFilters<F> = (change) => {
    onFilters(change);
    setPaging((p) => ({ ...p, pageIndex: 0 }));
  };
  const download = (format: ReportFormat) => {
    setDownloading(format);
    downloadFile(`${spec.path}?${queryOf({ ...filters, format })}`, `${spec.fileName}-${todayLagos()}.${format}`)
      .catch(() => undefined)
      .finally(() => setDownloading(null));
  };
  const formats = spec.formats ?? ['csv'];
  const extra = (
    <div className="clin-actions clin-no-print">
      {spec.print && (
        <Button icon={<PrinterOutlined />} onClick={() => window.print()} disabled={!rows.length}>
          {t('manage.print')}
        </Button>
      )}
      {formats.map((format, i) => (
        <Button
          key={format}
          type={i === formats.length - 1 ? 'primary' : 'default'}
          icon={format === 'xlsx' ? <FileExcelOutlined /> : <DownloadOutlined />}
          loading={downloading === format}
          onClick={() => download(format)}
        >
          {format === 'xlsx' ? spec.xlsxLabel : t('report.csv')}
        </Button>
      ))}
    </div>
  );
  const { card } = spec;
  return (
    <ClinicalPage page={page} extra={extra} className={spec.className}>
      {spec.filterBar(filters, set)}
      {spec.printedSummary && <p className="report-print-only">{spec.printedSummary({ page: paging.pageIndex + 1, total })}</p>}
      {error && spec.errorTitle ? <LoadError title={spec.errorTitle} error={error} onRetry={() => void refetch()} /> : null}
      {phone && card ? (
        (isPending || isFetching) && !rows.length ? (
          <Spin className="clin-loading" />
        ) : !rows.length ? (
          <Empty description={t('report.empty')} />
        ) : (
          <div className="clin-cards report-cards">
            {rows.map((r, i) => (
              <Card key={spec.rowKey(r, i)} size="small" className="clin-card report-card">
                {card(r)}
              </Card>
            ))}
          </div>
        )
      ) : (
        <ListTable<R>
          className={spec.tableClassName ?? 'clin-table'}
          rowKey={(r, i) => spec.rowKey(r, i ?? 0)}
          size="small"
          loading={isFetching}
          dataSource={rows}
          columns={spec.columns}
          emptyText={t('report.empty')}
        />
      )}
      <div className="clin-no-print">
        <Pager
          pageIndex={paging.pageIndex}
          pageSize={paging.pageSize}
          total={total}
          compact={phone}
          onPage={(pageIndex) => setPaging((p) => ({ ...p, pageIndex }))}
          onPageSize={(pageSize) => setPaging({ pageIndex: 0, pageSize })}
        />
      </div>
    </ClinicalPage>
  );
}

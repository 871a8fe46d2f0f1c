import type { NcrItem } from '@nlims/contracts';
import { Empty, Spin, Tag } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { LoadError } from '../../shared/page/LoadError';
import { TABLET_UP, useMediaQuery } from '../../shared/page/useMediaQuery';
import { ListTable } from '../../shared/list/ListTable';
import { Pager } from '../../shared/list/Pager';
import '../../shared/list/list.css';
import { type ListFilters, NCR_PAGE, useNcrList } from './api';
import { changeFilters, filtersFromParams, paramsOfFilters } from './filters';
import { NcrFilters } from './NcrFilters';
import { day, OverdueTag, RiskTag, SeverityTag, StateTag, typeText } from './labels';

const LabNumbers = ({ numbers }: { numbers: string[] }) =>
  numbers.length ? (
    <span className="ncr-labs">
      {numbers.map((n) => (
        <bdi key={n}>{n}</bdi>
      ))}
    </span>
  ) : (
    <span className="ncr-muted">—</span>
  );

/** The facility's reports, newest event first; a report with an open action past its due date stands out in red. */
export function NcrList() {
  const { t } = useTranslation('nonConformity');
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => filtersFromParams(params), [params]);
  const list = useNcrList(filters);
  const wide = useMediaQuery(TABLET_UP);
  const set = (change: Partial<ListFilters>) => setParams(paramsOfFilters(changeFilters(filters, change)), { replace: true });
  const setPage = (page: number) => setParams(paramsOfFilters({ ...filters, page }));
  const rows = list.data?.results ?? [];
  const total = list.data?.count ?? 0;
  const empty = t(Object.values({ ...filters, page: undefined }).some((v) => v != null) ? 'list.noneMatching' : 'list.none');
  const rowClass = (r: NcrItem) => (r.overdue_actions ? 'ncr-row ncr-row--overdue' : 'ncr-row');
  return (
    <div className="ncr-list" data-testid="ncr-list">
      <NcrFilters filters={filters} onChange={set} />
      {list.error && !list.data ? (
        <LoadError title={t('list.error')} error={list.error} onRetry={() => void list.refetch()} />
      ) : (
        <>
          {!wide ? (
            <Spin spinning={list.isFetching}>
              {rows.length ? (
                <ul className="ncr-cards">
                  {rows.map((r) => (
                    <li key={r.id} className={rowClass(r)}>
                      <Link to={`/non-conformity/${r.id}`} className="ncr-card">
                        <span className="ncr-card__head">
                          <bdi className="ncr-number">{r.number}</bdi>
                          <span className="ncr-tags">
                            <SeverityTag severity={r.severity} />
                            <StateTag state={r.state} />
                          </span>
                        </span>
                        <span className="ncr-card__title">{r.title}</span>
                        <span className="ncr-muted">
                          {[day(r.event_date), r.section_name, r.type ? typeText(t, r.type) : null].filter(Boolean).join(' · ')}
                        </span>
                        {(r.risk != null || r.overdue_actions > 0) && (
                          <span className="ncr-tags">
                            {r.risk != null && <RiskTag risk={r.risk} />}
                            <OverdueTag count={r.overdue_actions} />
                          </span>
                        )}
                        {r.lab_numbers.length > 0 && <LabNumbers numbers={r.lab_numbers} />}
                      </Link>
                    </li>
                  ))}
                </ul>
              ) : (
                <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={empty} />
              )}
            </Spin>
          ) : (
            <ListTable<NcrItem>
              size="small"
              className="clin-table"
              loading={list.isFetching}
              dataSource={rows}
              emptyText={empty}
              rowClassName={rowClass}
              onRow={(r) => ({ onClick: () => navigate(`/non-conformity/${r.id}`) })}
              columns={[
                {
                  key: 'number',
                  title: t('field.number'),
                  render: (_, r) => (
                    <>
                      <Link to={`/non-conformity/${r.id}`} className="ncr-number" onClick={(e) => e.stopPropagation()}>
                        <bdi>{r.number}</bdi>
                      </Link>
                      <span className="ncr-muted ncr-block">{day(r.event_date)}</span>
                    </>
                  ),
                },
                {
                  key: 'title',
                  title: t('field.title'),
                  render: (_, r) => (
                    <span className="ncr-title-cell">
                      {r.title}
                      {r.lab_numbers.length > 0 && (
                        <span className="ncr-muted ncr-block">
                          <LabNumbers numbers={r.lab_numbers} />
                        </span>
                      )}
                    </span>
                  ),
                },
                { key: 'section', title: t('field.section'), render: (_, r) => r.section_name ?? '—' },
                {
                  key: 'severity',
                  title: t('field.severityState'),
                  render: (_, r) => (
                    <span className="ncr-tags ncr-tags--stack">
                      <SeverityTag severity={r.severity} />
                      <StateTag state={r.state} />
                    </span>
                  ),
                },
                { key: 'type', title: t('field.type'), render: (_, r) => <span className="ncr-type-cell">{typeText(t, r.type)}</span> },
                { key: 'risk', title: t('field.risk'), render: (_, r) => <RiskTag risk={r.risk} /> },
                {
                  key: 'overdue',
                  // two short lines rather than a header wider than its figures: the table fits a 1366 px screen
                  title: <span className="ncr-head-wrap">{t('field.overdueActions')}</span>,
                  align: 'end',
                  render: (_, r) =>
                    r.overdue_actions ? (
                      <Tag color="red" className="ncr-overdue">
                        {r.overdue_actions}
                      </Tag>
                    ) : (
                      <span className="ncr-muted">0</span>
                    ),
                },
              ]}
            />
          )}
          <Pager
            className="ncr-cards__pager"
            pageIndex={filters.page - 1}
            pageSize={NCR_PAGE}
            total={total}
            compact={!wide}
            onPage={(index) => setPage(index + 1)}
          />
        </>
      )}
    </div>
  );
}

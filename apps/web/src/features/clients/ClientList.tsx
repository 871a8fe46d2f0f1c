import type { Paginated } from '@nlims/contracts';
import { Button, Card, Empty, Spin, type TableProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { ListPager } from '../../shared/list/ListPager';
import { TABLET_UP, useMediaQuery } from '../../shared/page/useMediaQuery';
import { ListTable } from '../../shared/list/ListTable';
import '../../shared/list/list.css';
import { clientAge, hospitalNumberOf, registeredOn, sexLabel } from './facts';
import { type ClientRecord, fullName } from './types';

interface PagedList {
  params: { pageIndex: number; pageSize: number };
  setPage: (pageIndex: number) => void;
  set: (change: { pageSize: number }) => void;
}

interface Props {
  list: PagedList;
  data: Paginated<ClientRecord> | undefined;
  loading: boolean;
  onView: (client: ClientRecord) => void;
}

/** A server page of clients: a table, or cards on a phone; the name opens the client. */
export function ClientList({ list, data, loading, onView }: Props) {
  const { t } = useTranslation('clients');
  const phone = !useMediaQuery(TABLET_UP);
  const rows = data?.results ?? [];
  const nameButton = (c: ClientRecord) => (
    <Button type="link" className="client-name" onClick={() => onView(c)}>
      {fullName(c)}
    </Button>
  );
  const columns: TableProps<ClientRecord>['columns'] = [
    { key: 'name', title: t('column.name'), render: (_, c) => nameButton(c) },
    { key: 'sex', title: t('column.sex'), render: (_, c) => sexLabel(t, c.sex) },
    { key: 'age', title: t('column.age'), render: (_, c) => <span className="client-nowrap">{clientAge(t, c)}</span> },
    { key: 'hospital', title: t('column.hospitalNumber'), render: (_, c) => <bdi className="client-identifier">{hospitalNumberOf(c)}</bdi> },
    { key: 'phone', title: t('column.phone'), render: (_, c) => (c.phone ? <bdi className="client-nowrap">{c.phone}</bdi> : '—') },
    { key: 'registered', title: t('column.registered'), render: (_, c) => <span className="client-nowrap">{registeredOn(c)}</span> },
  ];
  return (
    <>
      {phone ? (
        <ClientCards rows={rows} loading={loading} onView={onView} />
      ) : (
        <ListTable<ClientRecord> className="client-table" columns={columns} dataSource={rows} loading={loading} emptyText={t('list.empty')} />
      )}
      <ListPager list={list} total={data?.count ?? 0} />
    </>
  );
}

/** Clients as cards on a phone: the same facts as the table's row. */
function ClientCards({ rows, loading, onView }: { rows: ClientRecord[]; loading: boolean; onView: (client: ClientRecord) => void }) {
  const { t } = useTranslation('clients');
  if (loading && !rows.length) return <Spin className="client-loading" />;
  if (!rows.length) return <Empty description={t('list.empty')} />;
  return (
    <Spin spinning={loading}>
      <div className="client-cards">
        {rows.map((c) => (
          <Card key={c.id} size="small" className="client-card">
            <Button type="link" className="client-name client-card__name" onClick={() => onView(c)}>
              {fullName(c)}
            </Button>
            <div className="client-card__facts">{[sexLabel(t, c.sex), clientAge(t, c)].filter(Boolean).join(' · ')}</div>
            <dl className="client-card__fields">
              <dt>{t('column.hospitalNumber')}</dt>
              <dd>
                <bdi className="client-identifier">{hospitalNumberOf(c)}</bdi>
              </dd>
              <dt>{t('column.phone')}</dt>
              <dd>{c.phone ? <bdi>{c.phone}</bdi> : '—'}</dd>
              <dt>{t('column.registered')}</dt>
              <dd>{registeredOn(c)}</dd>
            </dl>
          </Card>
        ))}
      </div>
    </Spin>
  );
}

import type { ConsumableStockLine } from '@nlims/contracts';
import { Empty, Select, Table } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { LoadError } from '../../shared/page/LoadError';
import { formatDateTime } from '../../shared/format/format';
import { downloadFile } from '../../shared/files';
import { type ReportFormat, ReportActions } from '../../shared/page/ReportActions';
import { DateInput } from '../../shared/forms/DateInput';
import { CARD_PAGE, type CardFilters, stockCardFile, useBenches, useItem, useLots, useStockCard } from './api';
import { day, signed } from './labels';
import { ItemSelect } from './pickers';

const EVERYWHERE = 'all';

/**
 * The stock card of an item or one of its lots, at a place or everywhere: every line oldest first with the balance
 * after it and the running balance, who recorded it and when; printable, and as CSV or Excel.
 */
export function StockCardTab() {
  const { t } = useTranslation('consumables');
  const [params, setParams] = useSearchParams();
  const item = Number(params.get('item')) || undefined;
  const lot = Number(params.get('lot')) || undefined;
  const bench = params.get('bench') ?? undefined;
  const [page, setPage] = useState(1);
  const [period, setPeriod] = useState<{ start_date?: string; end_date?: string }>({});
  const filters: CardFilters = { item, lot, bench, ...period, page };
  const card = useStockCard(filters);
  const chosen = useItem(item ?? null);
  const lots = useLots({ item, page: 1 }, 100);
  const benches = useBenches();
  const [downloading, setDownloading] = useState<ReportFormat | null>(null);
  const change = (next: Record<string, string | number | undefined>) => {
    const merged = { tab: 'card', item, lot, bench, ...next };
    setParams(Object.fromEntries(Object.entries(merged).flatMap(([k, v]) => (v == null || v === '' ? [] : [[k, String(v)]]))));
    setPage(1);
  };
  const download = (format: ReportFormat) => {
    setDownloading(format);
    const name = (chosen.data?.name ?? 'stock-card').replace(/[^A-Za-z0-9]+/g, '-');
    downloadFile(stockCardFile(filters, format), `stock-card-${name}.${format}`)
      .catch(() => undefined)
      .finally(() => setDownloading(null));
  };
  const lines = card.data?.results ?? [];
  const lotName = useMemo(() => lots.data?.results.find((l) => l.id === lot)?.lot_number, [lots.data, lot]);
  const place = bench === 'store' ? t('store') : bench ? benches.data?.find((b) => String(b.id) === bench)?.name : t('card.everywhere');
  return (
    <div className="cons-card-tab" data-testid="cons-stock-card">
      <div className="clin-toolbar clin-no-print">
        <ItemSelect value={item} onChange={(id) => change({ item: id, lot: undefined })} className="cons-item-filter" data-testid="cons-card-item" />
        <Select
          aria-label={t('field.lot')}
          className="cons-lot-filter"
          disabled={item == null}
          value={lot ?? 0}
          onChange={(id: number) => change({ lot: id || undefined })}
          options={[{ value: 0, label: t('card.allLots') }, ...(lots.data?.results ?? []).map((l) => ({ value: l.id, label: l.lot_number }))]}
        />
        <Select
          aria-label={t('field.place')}
          className="cons-lot-filter"
          value={bench ?? EVERYWHERE}
          onChange={(v: string) => change({ bench: v === EVERYWHERE ? undefined : v })}
          options={[
            { value: EVERYWHERE, label: t('card.everywhere') },
            { value: 'store', label: t('store') },
            ...(benches.data ?? []).map((b) => ({ value: String(b.id), label: b.name })),
          ]}
        />
        <DateInput
          className="cons-date"
          value={period.start_date}
          onChange={(v) => setPeriod((p) => ({ ...p, start_date: v }))}
          aria-label={t('card.from')}
          placeholder={t('card.from')}
        />
        <DateInput
          className="cons-date"
          value={period.end_date}
          onChange={(v) => setPeriod((p) => ({ ...p, end_date: v }))}
          aria-label={t('card.to')}
          placeholder={t('card.to')}
        />
        <ReportActions
          empty={!lines.length}
          downloading={downloading}
          onDownload={download}
          labels={{ print: t('card.print'), csv: t('card.csv'), xlsx: t('card.xlsx') }}
        />
      </div>
      {item == null && lot == null ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('card.choose')} />
      ) : card.error && !card.data ? (
        <LoadError title={t('list.error')} error={card.error} onRetry={() => void card.refetch()} />
      ) : (
        <>
          <h2 className="cons-print-title">
            {t('card.printTitle', { item: chosen.data?.name ?? '' })}
            {lotName ? ` · ${t('field.lot')} ${lotName}` : ''} · {place}
          </h2>
          {period.start_date && card.data && <p className="cons-muted">{t('card.opening', { n: card.data.opening })}</p>}
          <Table<ConsumableStockLine>
            size="small"
            rowKey="id"
            className="clin-table cons-table cons-card-table"
            loading={card.isFetching}
            dataSource={lines}
            // words wrap so that every column fits a 1366 px screen; dates, lots and quantities never break, and a phone scrolls sideways
            scroll={{ x: true }}
            locale={{ emptyText: t('card.none') }}
            pagination={{
              current: page,
              total: card.data?.count ?? 0,
              pageSize: CARD_PAGE,
              hideOnSinglePage: true,
              showSizeChanger: false,
              onChange: setPage,
            }}
            columns={[
              { key: 'date', title: t('card.date'), render: (_, l) => <bdi className="cons-nowrap">{day(l.occurred_on)}</bdi> },
              {
                key: 'kind',
                title: t('card.kind'),
                render: (_, l) => <span data-kind={l.kind}>{t(l.moved_to_balance != null ? 'kind.transfer' : `kind.${l.kind}`)}</span>,
              },
              {
                key: 'lot',
                title: t('card.lotPlace'),
                render: (_, l) => (
                  <span>
                    <bdi className="cons-lot">{l.lot_number}</bdi>
                    <span className="cons-muted cons-block">
                      {l.moved_to_name ? t('card.movedTo', { from: l.bench_name ?? t('store'), to: l.moved_to_name }) : (l.bench_name ?? t('store'))}
                    </span>
                  </span>
                ),
              },
              {
                key: 'quantity',
                title: t('card.quantity'),
                align: 'end',
                render: (_, l) =>
                  l.moved_to_balance != null ? (
                    // one transfer on the card of every place: out of the store and into the bench
                    <span className="cons-nowrap">
                      <span className="cons-out cons-block">{signed(l.quantity)}</span>
                      <span className="cons-in cons-block">{signed(-l.quantity)}</span>
                    </span>
                  ) : (
                    <span className={`cons-nowrap ${l.quantity > 0 ? 'cons-in' : l.quantity < 0 ? 'cons-out' : ''}`}>{signed(l.quantity)}</span>
                  ),
              },
              {
                key: 'balance',
                title: t('card.balance'),
                align: 'end',
                render: (_, l) =>
                  l.moved_to_balance != null ? (
                    <span>
                      <span className="cons-block">{l.balance.toLocaleString('en-NG')}</span>
                      <span className="cons-block">{l.moved_to_balance.toLocaleString('en-NG')}</span>
                    </span>
                  ) : (
                    l.balance.toLocaleString('en-NG')
                  ),
              },
              {
                key: 'running',
                title: t('card.running'),
                align: 'end',
                render: (_, l) => (
                  <strong data-testid="cons-running" className="cons-nowrap">
                    {l.running.toLocaleString('en-NG')}
                  </strong>
                ),
              },
              {
                key: 'detail',
                title: t('card.detail'),
                width: 200,
                render: (_, l) => (
                  <span className="cons-note">
                    {[l.reason ? t(`reason.${l.reason}`) : null, l.lab_number ? t('card.labNumber', { lab: l.lab_number }) : null, l.note || null]
                      .filter(Boolean)
                      .join(' · ')}
                  </span>
                ),
              },
              {
                key: 'who',
                title: t('card.who'),
                render: (_, l) => (
                  <span>
                    {l.user || '—'}
                    <span className="cons-muted cons-block cons-nowrap">{formatDateTime(l.recorded_at)}</span>
                  </span>
                ),
              },
            ]}
          />
        </>
      )}
    </div>
  );
}

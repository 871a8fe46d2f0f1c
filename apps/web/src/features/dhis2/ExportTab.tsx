import { CloudUploadOutlined, DownloadOutlined, ExperimentOutlined, EyeOutlined } from '@ant-design/icons';
import type { Dhis2ExportDetail, Dhis2PreviewRow } from '@nlims/contracts';
import { Alert, Button, Empty, Segmented, Select, Table } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { todayLagos } from '../../shared/format/format';
import { downloadFile } from '../../shared/files';
import { type ExportAsk, dhis2FilePath, useDhis2Mappings, useDhis2OrgUnits, useDhis2Preview, useDhis2Settings, useSendDhis2 } from './api';
import { ImportSummary } from './ImportSummary';
import { indicatorLabel, lastPeriods, periodLabel } from './labels';
import { problemText } from './problem';

type Level = 'all' | 'state' | 'lga' | 'facility';
const sameAsk = (a: ExportAsk | null, b: ExportAsk | null) => JSON.stringify(a) === JSON.stringify(b);

/** A month and a scope: the payload previewed (table or JSON), downloaded, dry-run, then sent. */
export function ExportTab({ onHistory }: { onHistory: () => void }) {
  const { t } = useTranslation('dhis2');
  const periods = useMemo(() => lastPeriods(todayLagos()), []);
  const [period, setPeriod] = useState(periods[0]!);
  const [level, setLevel] = useState<Level>('all');
  const [id, setId] = useState<number | null>(null);
  const [ask, setAsk] = useState<ExportAsk | null>(null);
  const [view, setView] = useState<'table' | 'json'>('table');
  const [last, setLast] = useState<{ ask: ExportAsk; result: Dhis2ExportDetail } | null>(null);
  const [sendError, setSendError] = useState<unknown>(null);
  const units = useDhis2OrgUnits();
  const mappings = useDhis2Mappings();
  const settings = useDhis2Settings();
  const preview = useDhis2Preview(ask);
  const send = useSendDhis2();

  const choices = useMemo(() => {
    const list = units.data ?? [];
    const uniq = (pairs: [number, string][]) => [...new Map(pairs)].map(([value, label]) => ({ value, label })).sort((a, b) => a.label.localeCompare(b.label));
    return {
      all: [],
      state: uniq(list.map((u) => [u.state_id, u.state])),
      lga: uniq(list.map((u) => [u.lga_id, `${u.lga} (${u.state})`])),
      facility: uniq(list.map((u) => [u.facility, u.facility_name])),
    } satisfies Record<Level, { value: number; label: string }[]>;
  }, [units.data]);
  const labels = useMemo(() => new Map((mappings.data ?? []).map((m) => [m.indicator, indicatorLabel(t, m)])), [mappings.data, t]);

  const wanted: ExportAsk | null = level === 'all' ? { period } : id != null ? { period, [level]: id } : null;
  const shown = preview.data && ask ? ask : null;
  const dryRunDone = last?.result.dry_run === true && last.result.status === 'sent' && last.result.import_status !== 'ERROR' && sameAsk(last.ask, shown);
  const configured = settings.data?.configured ?? false;

  const run = async (dry_run: boolean) => {
    if (!shown) return;
    setSendError(null);
    try {
      const result = await send.mutateAsync({ ...shown, dry_run });
      setLast({ ask: shown, result });
    } catch (error) {
      setSendError(error);
    }
  };
  const fileName = (format: 'json' | 'csv') => `dhis2-${shown?.period}.${format}`;

  return (
    <div data-testid="dhis2-export">
      <div className="dhis2-toolbar">
        <label className="dhis2-field">
          <span>{t('export.month')}</span>
          <Select
            aria-label={t('export.month')}
            value={period}
            onChange={setPeriod}
            options={periods.map((p) => ({ value: p, label: periodLabel(p) }))}
            data-testid="dhis2-period"
          />
        </label>
        <label className="dhis2-field">
          <span>{t('export.scope')}</span>
          <Select<Level>
            aria-label={t('export.scope')}
            value={level}
            onChange={(v) => {
              setLevel(v);
              setId(null);
            }}
            options={(['all', 'state', 'lga', 'facility'] as const).map((l) => ({ value: l, label: t(`scope.${l}`) }))}
          />
        </label>
        {level !== 'all' && (
          <label className="dhis2-field">
            <span>{t(`scope.${level}`)}</span>
            <Select<number>
              aria-label={t(`scope.${level}`)}
              showSearch={{ optionFilterProp: 'label' }}
              value={id ?? undefined}
              onChange={setId}
              options={choices[level]}
              placeholder={t('export.choose')}
              style={{ minWidth: 220 }}
            />
          </label>
        )}
        <Button type="primary" icon={<EyeOutlined />} disabled={!wanted} loading={preview.isFetching} onClick={() => setAsk(wanted)}>
          {t('export.preview')}
        </Button>
      </div>

      {preview.isError && <Alert type="error" showIcon title={t('export.previewFailed')} description={problemText(t, preview.error)} />}
      {!ask && <Empty description={t('export.choosePrompt')} />}

      {preview.data && shown && (
        <>
          <Alert
            type="info"
            className="dhis2-summary"
            title={t('export.summary', {
              count: preview.data.payload.dataValues.length,
              month: periodLabel(preview.data.period),
              scope: preview.data.scope.level === 'all' ? t('scope.all') : preview.data.scope.name,
            })}
            description={
              <>
                <div>{t('export.basis')}</div>
                <div>{t('export.zeros', { count: preview.data.zeros_left_out })}</div>
              </>
            }
          />
          {preview.data.warnings.no_data_set && <Alert type="warning" showIcon title={t('warn.noDataSet')} className="dhis2-summary" />}
          {preview.data.warnings.facilities_without_org_unit.length > 0 && (
            <Alert
              type="warning"
              showIcon
              className="dhis2-summary"
              data-testid="dhis2-warn-org-units"
              title={t('warn.orgUnits')}
              description={preview.data.warnings.facilities_without_org_unit
                .map((w) => t('warn.valuesLeftOut', { name: w.facility_name, count: w.values }))
                .join(' · ')}
            />
          )}
          {preview.data.warnings.indicators_without_mapping.length > 0 && (
            <Alert
              type="warning"
              showIcon
              className="dhis2-summary"
              data-testid="dhis2-warn-mappings"
              title={t('warn.mappings')}
              description={preview.data.warnings.indicators_without_mapping
                .map((w) => t('warn.valuesLeftOut', { name: labels.get(w.indicator) ?? w.indicator, count: w.values }))
                .join(' · ')}
            />
          )}

          <div className="dhis2-actions">
            <Segmented<'table' | 'json'>
              value={view}
              onChange={setView}
              options={[
                { value: 'table', label: t('export.table') },
                { value: 'json', label: 'JSON' },
              ]}
            />
            <Button icon={<DownloadOutlined />} onClick={() => void downloadFile(dhis2FilePath(shown, 'json'), fileName('json'))}>
              JSON
            </Button>
            <Button icon={<DownloadOutlined />} onClick={() => void downloadFile(dhis2FilePath(shown, 'csv'), fileName('csv'))} data-testid="dhis2-csv">
              CSV
            </Button>
            <Button
              icon={<ExperimentOutlined />}
              disabled={!configured || !preview.data.payload.dataValues.length}
              loading={send.isPending && send.variables?.dry_run === true}
              onClick={() => void run(true)}
              data-testid="dhis2-dry-run"
            >
              {t('export.dryRun')}
            </Button>
            <Button
              type="primary"
              icon={<CloudUploadOutlined />}
              disabled={!configured || !dryRunDone}
              loading={send.isPending && send.variables?.dry_run === false}
              onClick={() => void run(false)}
              data-testid="dhis2-send"
            >
              {t('export.send')}
            </Button>
          </div>
          {!configured && <Alert type="info" showIcon title={t('export.notConfigured')} className="dhis2-summary" />}
          {configured && !dryRunDone && preview.data.payload.dataValues.length > 0 && <p className="dhis2-hint">{t('export.dryRunFirst')}</p>}
          {sendError != null && (
            <Alert type="error" showIcon title={t('export.sendFailed')} description={problemText(t, sendError)} className="dhis2-summary" />
          )}
          {last && sameAsk(last.ask, shown) && <ImportSummary result={last.result} onHistory={onHistory} />}

          {view === 'json' ? (
            <pre className="dhis2-json" data-testid="dhis2-json">
              {JSON.stringify(preview.data.payload, null, 2)}
            </pre>
          ) : (
            <Table<Dhis2PreviewRow>
              size="small"
              rowKey={(r) => `${r.facility}-${r.indicator}`}
              dataSource={preview.data.rows}
              pagination={{ pageSize: 50, hideOnSinglePage: true, showSizeChanger: false }}
              // the names wrap and the value comes with them, before DHIS2's identifiers: it stays in sight at any width
              scroll={{ x: 900 }}
              data-testid="dhis2-preview-table"
              columns={[
                { key: 'facility', title: t('col.facility'), dataIndex: 'facility_name' },
                { key: 'indicator', title: t('col.indicator'), render: (_, r) => labels.get(r.indicator) ?? r.indicator },
                { key: 'value', title: t('col.value'), dataIndex: 'value', align: 'end', className: 'dhis2-value' },
                { key: 'de', title: t('col.dataElement'), render: (_, r) => <span className="dhis2-uid">{r.data_element}</span> },
                {
                  key: 'coc',
                  title: t('col.categoryOptionCombo'),
                  render: (_, r) => <span className="dhis2-uid">{r.category_option_combo || t('col.default')}</span>,
                },
                { key: 'ou', title: t('col.orgUnit'), render: (_, r) => <span className="dhis2-uid">{r.org_unit}</span> },
              ]}
            />
          )}
        </>
      )}
    </div>
  );
}

import type { QcResultItem, QcRunReply, Violation } from '@nlims/contracts';
import { Alert, Button, Card, Empty, Form, InputNumber, Select, Space, Spin, Table, Tag } from 'antd';
import type { TFunction } from 'i18next';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ltr } from '../../shared/format/figures';
import { LoadError } from '../../shared/page/LoadError';
import { ClinicalPage } from '../../shared/page/ClinicalPage';
import { queryState } from '../../shared/page/QueryState';
import { formatDateTime, fromLocalInput, toLocalInput } from '../../shared/format/format';
import { errorDetail } from '../../shared/forms/forms';
import { useProgramme } from '../clinical/programme';
import { DateTimeInput } from '../../shared/forms/DateInput';
import type { PageProps } from '../../shared/page/pageProps';
import { type QcMaterial, useQcChart, useQcSetup, useRecordQcRun } from './api';
import { qcDecimals, resultText, zText } from './leveyJennings';
import { LeveyJenningsChart } from './LeveyJenningsChart';
import { ReportNcrButton } from '../nonconformity/ReportLink';
import { MonthlySummary } from './MonthlySummary';
import { RulesCard } from './RulesCard';
import './qc.css';

/**
 * Internal quality control of the selected programme's tests: choose a test and its instrument, enter the run's
 * control levels, and read the server's Westgard verdict; beneath, each level's Levey–Jennings chart of the last
 * 30 days (target, ±1/2/3 SD) with the rules each result fired.
 */
export default function QualityControlPage({ page }: PageProps) {
  const { t } = useTranslation('qc');
  const programme = useProgramme();
  const setup = useQcSetup(programme);
  // `?test=` opens a test's charts (the approval page's way here when QC holds its results).
  const [params] = useSearchParams();
  const [test, setTest] = useState<number | null>(() => Number(params.get('test')) || null);
  const [machine, setMachine] = useState<number | null>(null);

  const tests = useMemo(() => {
    const byTest = new Map<number, { id: number; name: string; levels: QcMaterial[] }>();
    for (const m of setup.data?.materials ?? []) {
      const entry = byTest.get(m.test_type) ?? { id: m.test_type, name: m.test_type_name ?? String(m.test_type), levels: [] };
      entry.levels.push(m);
      byTest.set(m.test_type, entry);
    }
    return [...byTest.values()].sort((a, b) => a.name.localeCompare(b.name));
  }, [setup.data]);
  // a test asked for that has no controls here falls back to the first that has
  const chosen = tests.find((x) => x.id === test) ?? tests[0];

  const waiting = queryState(setup, t('loadError'));
  if (waiting || !setup.data) return <ClinicalPage page={page}>{waiting}</ClinicalPage>;
  return (
    <ClinicalPage page={page} className="qc-page">
      {!chosen ? (
        <Empty description={t('noMaterials')} />
      ) : (
        <>
          <Space wrap className="qc-choice clin-no-print">
            <Select
              aria-label={t('test')}
              className="qc-choice__test"
              value={chosen.id}
              onChange={setTest}
              options={tests.map((x) => ({ value: x.id, label: x.name }))}
            />
            <Select
              aria-label={t('machine')}
              className="qc-choice__machine"
              value={machine ?? 0}
              onChange={(v) => setMachine(v === 0 ? null : v)}
              options={[
                { value: 0, label: t('noMachine') },
                ...setup.data.machines.map((m) => ({ value: m.id, label: m.model ? `${m.name} (${m.model})` : m.name })),
              ]}
            />
          </Space>
          <RunForm key={`${chosen.id}-${machine}`} levels={chosen.levels} machine={machine} />
          <RulesCard key={`rules-${chosen.id}-${machine}`} testType={chosen.id} machine={machine} />
          {chosen.levels.map((m) => (
            <LeveyJennings key={m.id} material={m} machine={machine} testDecimals={setup.data.decimals.get(m.test_type)} />
          ))}
          <MonthlySummary tests={new Set(tests.map((x) => x.id))} />
        </>
      )}
    </ClinicalPage>
  );
}

/** The rules a run fired, named once each: "1-3s (reject), 2-2s (reject)". */
const rulesText = (t: TFunction, violations: readonly Violation<number>[]) =>
  [...new Map(violations.map((v) => [v.rule, v])).values()].map((v) => t('rule', { rule: v.rule, severity: t(`severity.${v.severity}`) })).join(', ');

/** Enter one run: a value per level (a level left empty is not run), when, on the chosen instrument. */
function RunForm({ levels, machine }: { levels: QcMaterial[]; machine: number | null }) {
  const { t } = useTranslation('qc');
  const [form] = Form.useForm();
  const record = useRecordQcRun();
  const [last, setLast] = useState<QcRunReply | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const submit = async (values: Record<string, unknown>) => {
    setProblem(null);
    const results = levels.flatMap((m) => (typeof values[`level_${m.id}`] === 'number' ? [{ material: m.id, value: values[`level_${m.id}`] as number }] : []));
    if (!results.length) {
      setProblem(t('needOne'));
      return;
    }
    try {
      setLast(await record.mutateAsync({ machine, run_at: fromLocalInput(values.run_at as string), results }));
      form.resetFields(levels.map((m) => `level_${m.id}`));
    } catch (error) {
      setProblem(errorDetail(error) ?? t('saveError'));
    }
  };
  const violations = last?.results.flatMap((r) => r.violations) ?? [];
  return (
    <Card title={t('newRun')} className="qc-run clin-no-print">
      <Form form={form} layout="vertical" onFinish={submit} initialValues={{ run_at: toLocalInput() }}>
        <div className="qc-run__fields">
          <Form.Item name="run_at" label={t('runAt')} rules={[{ required: true, message: t('runAtRequired') }]}>
            <DateTimeInput max={toLocalInput} />
          </Form.Item>
          {levels.map((m) => (
            <Form.Item
              key={m.id}
              name={`level_${m.id}`}
              label={t('levelLabel', { level: t(`level.${m.level}`, { defaultValue: m.level }), lot: m.lot_number })}
              extra={t('target', { value: ltr(`${m.target_mean} ± ${m.target_sd} ${m.unit}`.trim()) })}
            >
              <InputNumber className="qc-run__value" data-testid={`qc-value-${m.level}`} />
            </Form.Item>
          ))}
        </div>
        {problem && <Alert type="error" showIcon title={problem} className="qc-run__alert" />}
        {last && (
          <Alert
            showIcon
            className="qc-run__alert"
            data-testid="qc-verdict"
            type={last.verdict === 'rejected' ? 'error' : last.verdict === 'warning' ? 'warning' : 'success'}
            title={t(`verdict.${last.verdict}`, { rules: rulesText(t, violations) })}
            // a rejected run is a non-conformity: reported from here, pre-filled
            action={last.verdict === 'rejected' ? <ReportNcrButton source="qc_rejected" refId={last.id} size="small" /> : undefined}
          />
        )}
        <Button type="primary" htmlType="submit" loading={record.isPending}>
          {t('record')}
        </Button>
      </Form>
    </Card>
  );
}

/**
 * One level's chart: its results over the target and ±1, 2, 3 SD, each that fired a rule marked and named, with the
 * test's decimals (testDecimals); the results that fired a rule listed beneath.
 */
function LeveyJennings({ material, machine, testDecimals }: { material: QcMaterial; machine: number | null; testDecimals?: number }) {
  const { t } = useTranslation('qc');
  const chart = useQcChart(material.id, machine);
  // the control's name first (a phone wraps the title, never cuts it); the name and lot isolated from the language's direction
  const title = t('chart', {
    name: `\u2068${material.name}\u2069`,
    level: t(`level.${material.level}`, { defaultValue: material.level }),
    lot: ltr(material.lot_number),
  });
  // the chart's targets are the lot's as the server judged them (an established lot's own)
  const lot = chart.data?.material ?? material;
  const decimals = qcDecimals(lot.target_sd, testDecimals);
  const points = chart.data?.results ?? [];
  const fired = points.filter((p) => p.violations.length);
  return (
    <Card title={title} className="qc-chart" data-testid={`qc-chart-${material.level}`}>
      {chart.isPending ? (
        <Spin />
      ) : !chart.data ? (
        <LoadError title={t('loadError')} error={chart.error} onRetry={() => void chart.refetch()} />
      ) : (
        <>
          {chart.data.material.establishing && <Alert type="info" showIcon title={t('establishing')} className="qc-run__alert" data-testid="qc-establishing" />}
          <LeveyJenningsChart label={title} results={points} mean={lot.target_mean} sd={lot.target_sd} unit={lot.unit} decimals={decimals} />
          <Table<QcResultItem>
            size="small"
            rowKey="id"
            pagination={false}
            className="qc-chart__fired"
            dataSource={fired}
            locale={{ emptyText: t('noViolations') }}
            columns={[
              { key: 'at', title: t('column.at'), render: (_, r) => formatDateTime(r.run_at) },
              { key: 'value', title: t('column.value'), render: (_, r) => <bdi dir="ltr">{resultText(r.value, decimals)}</bdi>, align: 'end' },
              { key: 'z', title: t('column.z'), render: (_, r) => <bdi dir="ltr">{zText(r.z)}</bdi>, align: 'end' },
              {
                key: 'rules',
                title: t('column.rules'),
                render: (_, r) =>
                  r.violations.map((v) => (
                    <Tag key={v.rule} color={v.severity === 'reject' ? 'red' : 'gold'}>
                      {v.rule}
                    </Tag>
                  )),
              },
            ]}
          />
        </>
      )}
    </Card>
  );
}

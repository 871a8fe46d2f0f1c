import type { TbReportRow } from '@nlims/contracts';
import { Card, Empty, Spin, type TableProps, Tag } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { ClientFacts, sampleColumns } from '../clinical/common/ClientSummary';
import { formatDateTime } from '../clinical/common/format';
import { FlagTag } from '../clinical/common/ResultValue';
import { TestStatusTag } from '../clinical/common/status';
import { formChoiceText } from './labels';

/** A report row as the clinical cells read it (`sample_type_name`). */
export type Row = TbReportRow & { sample_type_name: string | null };
export const asRow = (r: TbReportRow): Row => ({ ...r, sample_type_name: r.sample_type });
export const rowKey = (r: TbReportRow) => `${r.barcode}-${r.test}`;

const when = (value: string | Date | null) => <span className="tb-nowrap">{formatDateTime(value) || '—'}</span>;

/** The test and the specimen the request form names ("other": as written on the form, which the report leaves out). */
function TestCell({ t, row }: { t: TFunction; row: Row }) {
  return (
    <div>
      <div>{row.test}</div>
      {row.specimen && <div className="clin-muted">{formChoiceText(t, 'specimen', row.specimen)}</div>}
    </div>
  );
}

/** The key member's value (the catalogue's), the RR-TB/MDR-TB flag, and the panel's other values. */
function ResultCell({ row }: { row: Row }) {
  if (row.result == null) return <span className="clin-muted">—</span>;
  return (
    <div className="tb-result">
      <div>
        <strong>{row.result}</strong> <FlagTag flag={row.rr_tb_flag} />
      </div>
      {row.other_results && <div className="clin-muted tb-result__others">{row.other_results}</div>}
    </div>
  );
}

/** The request form in short: patient category, reason (the month of a follow-up), HIV status, test status, presumptive DR-TB. */
function RequestCell({ t, row }: { t: TFunction; row: Row }) {
  const reason = formChoiceText(t, 'reason_for_examination', row.reason_for_examination);
  return (
    <div className="tb-request">
      {row.patient_category && <div>{formChoiceText(t, 'patient_category', row.patient_category)}</div>}
      {reason && <div>{row.treatment_month == null ? reason : t('report.reasonMonth', { reason, month: row.treatment_month })}</div>}
      {row.hiv_status && <div>{t('report.hiv', { status: formChoiceText(t, 'hiv_status', row.hiv_status) })}</div>}
      {row.test_status && <div className="clin-muted">{formChoiceText(t, 'test_status', row.test_status)}</div>}
      {row.presumptive_drtb && <Tag color="orange">{t('tb:field.presumptive_drtb')}</Tag>}
    </div>
  );
}

/** The report's columns (wide screens): sample and client, what was tested and found, the request form, then when. `t` reads tbAnalytics, tb and clinical. */
export function reportColumns(t: TFunction): TableProps<Row>['columns'] {
  return [
    ...sampleColumns<Row>(t),
    { key: 'test', title: t('clinical:samples.test'), render: (_, r) => <TestCell t={t} row={r} /> },
    { key: 'status', title: t('clinical:samples.status'), render: (_, r) => <TestStatusTag status={r.test_order_status} /> },
    { key: 'result', title: t('clinical:results.result'), render: (_, r) => <ResultCell row={r} /> },
    { key: 'request', title: t('tb:form.title'), render: (_, r) => <RequestCell t={t} row={r} /> },
    { key: 'lga', title: t('tb:field.lga_tb_number'), render: (_, r) => (r.lga_tb_number ? <bdi className="clin-identifier">{r.lga_tb_number}</bdi> : '—') },
    { key: 'ordered', title: t('clinical:samples.ordered'), render: (_, r) => when(r.ordered_at) },
    { key: 'received', title: t('clinical:samples.received'), render: (_, r) => when(r.received_at) },
    { key: 'approved', title: t('clinical:report.approved'), render: (_, r) => when(r.approved_at) },
    { key: 'tat', title: t('clinical:report.tat'), align: 'end', render: (_, r) => (r.tat_hours == null ? '—' : r.tat_hours) },
  ];
}

/** The rows as cards on phones: the same facts, the result first. */
export function ReportCards({ rows, loading }: { rows: Row[]; loading: boolean }) {
  const { t } = useTranslation(['tbAnalytics', 'tb', 'clinical']);
  if (loading && !rows.length) return <Spin className="clin-loading" />;
  if (!rows.length) return <Empty description={t('clinical:report.empty')} />;
  return (
    <div className="clin-cards tb-cards">
      {rows.map((r) => (
        <Card key={rowKey(r)} size="small" className="clin-card tb-card">
          <div className="clin-card__head">
            <span className="clin-lab-number">{r.barcode}</span>
            {r.sample_type && <span className="clin-muted">{r.sample_type}</span>}
            <TestStatusTag status={r.test_order_status} />
          </div>
          <div>
            {r.client_name} <ClientFacts client={r} />
          </div>
          <TestCell t={t} row={r} />
          <ResultCell row={r} />
          <RequestCell t={t} row={r} />
          <div className="clin-muted">
            {t('clinical:samples.ordered')}: {formatDateTime(r.ordered_at)}
            {r.approved_at && (
              <>
                {' · '}
                {t('clinical:report.approved')}: {formatDateTime(r.approved_at)}
              </>
            )}
            {r.tat_hours != null && <> · {t('report.tatHours', { hours: r.tat_hours })}</>}
          </div>
        </Card>
      ))}
    </div>
  );
}

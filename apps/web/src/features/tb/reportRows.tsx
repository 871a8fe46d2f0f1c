import type { TbReportRow } from '@nlims/contracts';
import { type TableProps, Tag } from 'antd';
import type { TFunction } from 'i18next';
import { ClientFacts, SampleLabel } from '../clinical/common/ClientSummary';
import { formatDateTime } from '../../shared/format/format';
import { FlagTag } from '../clinical/common/ResultValue';
import { TestStatusTag } from '../../shared/status/status';
import { formChoiceText } from './labels';

/** A report row as the clinical cells read it (`sample_type_name`). */
export type Row = TbReportRow & { sample_type_name: string | null };
export const asRow = (r: TbReportRow): Row => ({ ...r, sample_type_name: r.sample_type });
export const rowKey = (r: TbReportRow) => `${r.barcode}-${r.test}`;

const when = (value: string | Date | null) => <span className="report-nowrap">{formatDateTime(value) || '—'}</span>;

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
    <div className="report-result">
      <div>
        <strong>
          <bdi dir="ltr">{row.result}</bdi>
        </strong>{' '}
        <FlagTag flag={row.rr_tb_flag} />
      </div>
      {row.other_results && (
        <div className="clin-muted report-result__others">
          <bdi dir="ltr">{row.other_results}</bdi>
        </div>
      )}
    </div>
  );
}

/** The request form in short: patient category, reason (the month of a follow-up), HIV status, test status, presumptive DR-TB; one line on a card. */
function RequestCell({ t, row, inline = false }: { t: TFunction; row: Row; inline?: boolean }) {
  const reason = formChoiceText(t, 'reason_for_examination', row.reason_for_examination);
  const parts = [
    formChoiceText(t, 'patient_category', row.patient_category),
    reason && (row.treatment_month == null ? reason : t('report.reasonMonth', { reason, month: row.treatment_month })),
    row.hiv_status && t('report.hiv', { status: formChoiceText(t, 'hiv_status', row.hiv_status) }),
    formChoiceText(t, 'test_status', row.test_status),
  ].filter(Boolean);
  const drtb = row.presumptive_drtb && <Tag color="orange">{t('tb:field.presumptive_drtb')}</Tag>;
  if (inline)
    return (
      <div className="report-request">
        {parts.join(' · ')} {drtb}
      </div>
    );
  return (
    <div className="report-request">
      {parts.map((part) => (
        <div key={part}>{part}</div>
      ))}
      {drtb}
    </div>
  );
}

/** The client: name, sex and age, and the LGA TB number when the form gives one. */
function ClientCell({ t, row }: { t: TFunction; row: Row }) {
  return (
    <div>
      <div>{row.client_name}</div>
      <ClientFacts client={row} />
      {row.lga_tb_number && (
        <div className="clin-facts">
          {t('tb:field.lga_tb_number')}: <bdi className="clin-identifier">{row.lga_tb_number}</bdi>
        </div>
      )}
    </div>
  );
}

/** Ordered, received and approved, one under the other. */
function DatesCell({ t, row }: { t: TFunction; row: Row }) {
  const lines = [
    ['clinical:samples.ordered', row.ordered_at],
    ['clinical:samples.received', row.received_at],
    ['clinical:report.approved', row.approved_at],
  ] as const;
  return (
    <div className="report-dates">
      {lines.map(([key, value]) => (
        <div key={key}>
          <span className="clin-muted">{t(key)}</span> {when(value)}
        </div>
      ))}
    </div>
  );
}

/** The report's columns (wide screens): sample and client, what was tested and found, the request form, then when. `t` reads tbAnalytics, tb and clinical by prefix. */
export function reportColumns(t: TFunction): TableProps<Row>['columns'] {
  return [
    { key: 'lab', title: t('clinical:samples.labNumber'), render: (_, r) => <SampleLabel row={r} /> },
    { key: 'client', title: t('clinical:samples.client'), render: (_, r) => <ClientCell t={t} row={r} /> },
    { key: 'test', title: t('clinical:samples.test'), render: (_, r) => <TestCell t={t} row={r} /> },
    { key: 'status', title: t('clinical:samples.status'), render: (_, r) => <TestStatusTag status={r.test_order_status} /> },
    { key: 'result', title: t('clinical:results.result'), render: (_, r) => <ResultCell row={r} /> },
    { key: 'request', title: t('tb:form.title'), render: (_, r) => <RequestCell t={t} row={r} /> },
    { key: 'dates', title: t('report.dates'), render: (_, r) => <DatesCell t={t} row={r} /> },
    { key: 'tat', title: t('clinical:report.tat'), align: 'end', render: (_, r) => (r.tat_hours == null ? '—' : r.tat_hours) },
  ];
}

/** One row as a card on phones: the same facts, the result first. `t` reads tbAnalytics, tb and clinical by prefix. */
export function reportCard(t: TFunction, r: Row) {
  return (
    <>
      <div className="clin-card__head">
        <span className="clin-lab-number">{r.barcode}</span>
        {r.sample_type && <span className="clin-muted">{r.sample_type}</span>}
        <TestStatusTag status={r.test_order_status} />
      </div>
      <ClientCell t={t} row={r} />
      <TestCell t={t} row={r} />
      <ResultCell row={r} />
      <RequestCell t={t} row={r} inline />
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
    </>
  );
}

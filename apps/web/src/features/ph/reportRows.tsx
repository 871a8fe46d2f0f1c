import type { PhReportRow } from '@nlims/contracts';
import { type TableProps, Tag } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { formatDate, formatDateTime } from '../../shared/format/format';
import { TestStatusTag } from '../../shared/status/status';
import { FlagTag } from '../clinical/common/ResultValue';
import { diseaseText } from './labels';

export const rowKey = (r: PhReportRow) => `${r.barcode}-${r.test}`;

/** A case-form answer (yes, np_swab …) in the interface language. */
const answer = (t: TFunction, field: string, value: string | null) => (value ? t(`ph:choice.${field}.${value}`, { defaultValue: value }) : '—');

function ResultCell({ row }: { row: PhReportRow }) {
  const { t } = useTranslation('ph');
  if (row.result == null) return <span className="clin-muted">—</span>;
  return (
    <div className="report-result">
      <div>
        <strong>
          <bdi dir="ltr">{row.result}</bdi>
        </strong>{' '}
        {row.flag ? <FlagTag flag={row.flag} /> : row.positive && <Tag color="red">{t('report.positive')}</Tag>}
      </div>
      {row.other_results && (
        <div className="clin-muted report-result__others">
          {row.other_results.split('; ').map((line) => (
            <div key={line}>
              <bdi dir="ltr">{line}</bdi>
            </div>
          ))}
        </div>
      )}
      {row.notified_at && <div className="clin-muted">{t('report.notifiedAt', { when: formatDateTime(row.notified_at) })}</div>}
    </div>
  );
}

function CaseCell({ row }: { row: PhReportRow }) {
  const { t } = useTranslation('ph');
  return (
    <div className="ph-case">
      <div>
        <bdi dir="ltr" className="clin-identifier">
          {row.epid_number ?? t('report.noEpid')}
        </bdi>
      </div>
      <div>{diseaseText(t, row.disease)}</div>
      <div className="clin-muted">{t('report.onset', { date: formatDate(row.date_of_onset) || '—' })}</div>
    </div>
  );
}

function ClientCell({ row }: { row: PhReportRow }) {
  const { t } = useTranslation('ph');
  const sex = row.sex ? t(`clinical:sex.${row.sex}`, { defaultValue: row.sex }) : '';
  return (
    <div>
      <div>{row.client_name}</div>
      <div className="clin-muted">{[sex, row.age_years != null ? t('report.age', { years: row.age_years }) : ''].filter(Boolean).join(' · ')}</div>
      {row.lga_of_residence && <div className="clin-muted">{[row.lga_of_residence, row.state_of_residence].filter(Boolean).join(', ')}</div>}
    </div>
  );
}

/** The EID or viral-load request form's answers, as the report prints them. */
function RequestCell({ row }: { row: PhReportRow }) {
  if (!row.request?.length) return <span className="clin-muted">—</span>;
  return (
    <div className="ph-request">
      {row.request.map(([label, value]) => (
        <span key={label}>
          <span className="clin-muted">{label}:</span> {value}
        </span>
      ))}
    </div>
  );
}

function HistoryCell({ row }: { row: PhReportRow }) {
  const { t } = useTranslation('ph');
  const parts = [
    row.vaccinated && `${t('field.vaccinated')}: ${answer(t, 'vaccinated', row.vaccinated)}`,
    `${t('field.travelled')}: ${answer(t, 'travelled', row.travelled)}`,
    `${t('report.contact')}: ${answer(t, 'contact_with_case', row.contact_with_case)}`,
    `${t('field.hospitalised')}: ${answer(t, 'hospitalised', row.hospitalised)}`,
    `${t('field.outcome')}: ${answer(t, 'outcome', row.outcome)}`,
  ].filter(Boolean);
  return (
    <div className="ph-history">
      {parts.map((p) => (
        <div key={p as string}>{p}</div>
      ))}
    </div>
  );
}

/** The line list's columns (`t` reads ph and clinical): the case first and its history on the public-health page, the request form on the EID and viral-load pages. */
export function reportColumns(t: TFunction, ph: boolean): TableProps<PhReportRow>['columns'] {
  return [
    ...(ph ? [{ key: 'case', title: t('report.case'), render: (_: unknown, r: PhReportRow) => <CaseCell row={r} /> }] : []),
    {
      key: 'lab',
      title: t('clinical:samples.labNumber'),
      render: (_, r) => (
        <div>
          <span className="clin-lab-number">{r.barcode}</span>
          <div className="clin-muted">{r.sample_type ?? answer(t, 'specimen', r.specimen)}</div>
        </div>
      ),
    },
    { key: 'client', title: t('clinical:samples.client'), render: (_, r) => <ClientCell row={r} /> },
    { key: 'test', title: t('clinical:samples.test'), dataIndex: 'test' },
    { key: 'status', title: t('clinical:samples.status'), render: (_, r) => <TestStatusTag status={r.status} /> },
    { key: 'result', title: t('clinical:results.result'), render: (_, r) => <ResultCell row={r} /> },
    ph
      ? { key: 'history', title: t('report.history'), render: (_, r) => <HistoryCell row={r} /> }
      : { key: 'request', title: t('report.request'), render: (_, r) => <RequestCell row={r} /> },
    {
      key: 'dates',
      title: t('report.dates'),
      render: (_, r) => (
        <div className="report-dates">
          <div>
            <span className="clin-muted">{t('clinical:samples.received')}</span> {formatDateTime(r.received_at) || '—'}
          </div>
          <div>
            <span className="clin-muted">{t('clinical:report.approved')}</span> {formatDateTime(r.approved_at) || '—'}
          </div>
        </div>
      ),
    },
  ];
}

/** One row as a card on phones: the case (public health) or the request form (EID, viral load) with the result. */
export function reportCard(r: PhReportRow, ph: boolean) {
  return (
    <>
      <div className="clin-card__head">
        <span className="clin-lab-number">{r.barcode}</span>
        <TestStatusTag status={r.status} />
      </div>
      {ph && <CaseCell row={r} />}
      <ClientCell row={r} />
      <div>{r.test}</div>
      <ResultCell row={r} />
      {!ph && <RequestCell row={r} />}
    </>
  );
}

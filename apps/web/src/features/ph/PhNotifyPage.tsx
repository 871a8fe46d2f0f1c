import { CheckCircleOutlined, NotificationOutlined, SearchOutlined } from '@ant-design/icons';
import { DEFAULT_PAGE_SIZE, type PhNotifyRow } from '@nlims/contracts';
import { Alert, Button, Card, Empty, Form, Input, Modal, Segmented, Spin, type TableProps, Tag } from 'antd';
import type { TFunction } from 'i18next';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ClinicalPage } from '../../shared/page/ClinicalPage';
import { errorDetail, showServerErrors } from '../../shared/forms/forms';
import { formatDateTime } from '../../shared/format/format';
import { FlagTag } from '../clinical/common/ResultValue';
import { TABLET_UP, useMediaQuery } from '../../shared/page/useMediaQuery';
import type { PageProps } from '../../shared/page/pageProps';
import { ListTable } from '../../shared/list/ListTable';
import { Pager } from '../../shared/list/Pager';
import { useMarkNotified, usePhNotify } from './api';
import { diseaseText } from './labels';
import '../../shared/list/list.css';
import '../analytics/report.css';
import './ph.css';

type Shown = 'waiting' | 'notified';

function CaseCell({ row, t }: { row: PhNotifyRow; t: TFunction }) {
  return (
    <div className="ph-case">
      <span className="clin-lab-number">{row.barcode}</span>
      <div>
        <bdi dir="ltr" className="clin-identifier">
          {row.epid_number ?? t('report.noEpid')}
        </bdi>
      </div>
      <div>{diseaseText(t, row.program)}</div>
    </div>
  );
}

function ClientCell({ row, t }: { row: PhNotifyRow; t: TFunction }) {
  const sex = row.sex ? t(`clinical:sex.${row.sex}`, { defaultValue: row.sex }) : '';
  return (
    <div>
      <div>{row.client_name}</div>
      <div className="clin-muted">
        {[sex, row.age_years != null ? t('report.age', { years: row.age_years }) : '', row.lga_of_residence].filter(Boolean).join(' · ')}
      </div>
    </div>
  );
}

function ResultCell({ row, t }: { row: PhNotifyRow; t: TFunction }) {
  return (
    <div className="report-result">
      <FlagTag flag={row.flag} /> {!row.released && <Tag color="gold">{t('notify.verifiedOnly')}</Tag>}
      <div className="clin-muted report-result__others">
        {row.results.split('; ').map((line) => (
          <div key={line}>
            <bdi dir="ltr">{line}</bdi>
          </div>
        ))}
      </div>
    </div>
  );
}

function NotifiedCell({ row, t }: { row: PhNotifyRow; t: TFunction }) {
  if (!row.notified_at) return <span className="clin-muted">—</span>;
  return (
    <div>
      <div>{row.notified_to}</div>
      <div className="clin-muted">{t('notify.by', { user: row.notified_by ?? '—', when: formatDateTime(row.notified_at) })}</div>
    </div>
  );
}

/**
 * The facility's "to notify" list: samples whose verified or released result
 * is a positive of a notifiable disease, waiting to be notified to the LGA
 * Disease Surveillance and Notification Officer; "Mark notified" records to
 * whom, by whom and when. The other tab lists those notified.
 */
export default function PhNotifyPage({ page }: PageProps) {
  const { t } = useTranslation(['ph', 'clinical']);
  const phone = !useMediaQuery(TABLET_UP);
  const [shown, setShown] = useState<Shown>('waiting');
  const [searchText, setSearchText] = useState('');
  const [search, setSearch] = useState('');
  const [paging, setPaging] = useState({ pageIndex: 0, pageSize: DEFAULT_PAGE_SIZE });
  const [marking, setMarking] = useState<PhNotifyRow | null>(null);
  useEffect(() => {
    const timer = setTimeout(() => {
      setSearch(searchText.trim());
      setPaging((p) => ({ ...p, pageIndex: 0 }));
    }, 400);
    return () => clearTimeout(timer);
  }, [searchText]);
  const { data, isPending, isFetching } = usePhNotify({ notified: shown === 'notified', search, page: paging.pageIndex + 1, page_size: paging.pageSize });
  const rows = data?.results ?? [];
  const action = (row: PhNotifyRow) =>
    shown === 'waiting' && (
      <Button type="primary" size="small" icon={<NotificationOutlined />} onClick={() => setMarking(row)}>
        {t('notify.mark')}
      </Button>
    );
  const cols: TableProps<PhNotifyRow>['columns'] = [
    { key: 'case', title: t('report.case'), render: (_, r) => <CaseCell row={r} t={t} /> },
    { key: 'client', title: t('clinical:samples.client'), render: (_, r) => <ClientCell row={r} t={t} /> },
    { key: 'result', title: t('clinical:results.result'), render: (_, r) => <ResultCell row={r} t={t} /> },
    { key: 'approved', title: t('clinical:report.approved'), render: (_, r) => formatDateTime(r.approved_at) || '—' },
    shown === 'waiting'
      ? { key: 'action', title: t('clinical:samples.actions'), render: (_, r) => action(r) }
      : { key: 'notified', title: t('notify.notified'), render: (_, r) => <NotifiedCell row={r} t={t} /> },
  ];
  return (
    <ClinicalPage page={page}>
      <Alert className="ph-notify__note" type="info" showIcon title={t('notify.note')} />
      <div className="clin-toolbar">
        <Segmented<Shown>
          value={shown}
          onChange={(v) => {
            setShown(v);
            setPaging((p) => ({ ...p, pageIndex: 0 }));
          }}
          options={[
            { value: 'waiting', label: t('notify.waiting') },
            { value: 'notified', label: t('notify.notified') },
          ]}
        />
        <Input
          allowClear
          prefix={<SearchOutlined />}
          placeholder={t('notify.search')}
          aria-label={t('notify.search')}
          value={searchText}
          onChange={(e) => setSearchText(e.target.value)}
        />
      </div>
      {phone ? (
        isPending && !rows.length ? (
          <Spin className="clin-loading" />
        ) : !rows.length ? (
          <Empty description={t(shown === 'waiting' ? 'notify.emptyWaiting' : 'notify.emptyNotified')} />
        ) : (
          <div className="clin-cards">
            {rows.map((r) => (
              <Card key={r.id} size="small" className="clin-card" data-testid="ph-notify-card">
                <CaseCell row={r} t={t} />
                <ClientCell row={r} t={t} />
                <ResultCell row={r} t={t} />
                {shown === 'notified' ? <NotifiedCell row={r} t={t} /> : <div className="clin-form-actions">{action(r)}</div>}
              </Card>
            ))}
          </div>
        )
      ) : (
        <ListTable
          className="clin-table"
          rowKey="id"
          size="small"
          loading={isFetching}
          dataSource={rows}
          columns={cols}
          emptyText={t(shown === 'waiting' ? 'notify.emptyWaiting' : 'notify.emptyNotified')}
        />
      )}
      <Pager
        pageIndex={paging.pageIndex}
        pageSize={paging.pageSize}
        total={data?.count ?? 0}
        compact={phone}
        onPage={(pageIndex) => setPaging((p) => ({ ...p, pageIndex }))}
        onPageSize={(pageSize) => setPaging({ pageIndex: 0, pageSize })}
      />
      {marking && <MarkModal row={marking} onClose={() => setMarking(null)} />}
    </ClinicalPage>
  );
}

/** To whom the case was notified and a note; the server records who and when. */
function MarkModal({ row, onClose }: { row: PhNotifyRow; onClose: () => void }) {
  const { t } = useTranslation(['ph', 'clinical']);
  const [form] = Form.useForm();
  const mark = useMarkNotified();
  const [problem, setProblem] = useState<string | null>(null);
  const submit = async (values: { notified_to: string; note?: string }) => {
    setProblem(null);
    try {
      await mark.mutateAsync({ id: row.id, body: { notified_to: values.notified_to, note: values.note ?? '' } });
      onClose();
    } catch (error) {
      const left = showServerErrors(form, error, ['notified_to', 'note']);
      setProblem(left.length ? left.join('\n') : errorDetail(error));
    }
  };
  return (
    <Modal
      open
      title={
        <>
          {t('notify.mark')} · <bdi dir="ltr">{row.barcode}</bdi>
        </>
      }
      okText={t('notify.mark')}
      okButtonProps={{ icon: <CheckCircleOutlined />, htmlType: 'submit', form: 'ph-notify', loading: mark.isPending }}
      cancelText={t('clinical:common.cancel')}
      onCancel={onClose}
      destroyOnHidden
    >
      <p>
        {diseaseText(t, row.program)} · {row.client_name} · <FlagTag flag={row.flag} />
      </p>
      <Form id="ph-notify" form={form} layout="vertical" onFinish={submit} initialValues={{ notified_to: t('notify.defaultTo') }}>
        <Form.Item
          name="notified_to"
          label={t('notify.to')}
          rules={[{ required: true, whitespace: true, message: t('clinical:validation.required', { label: t('notify.to') }) }]}
        >
          <Input maxLength={200} />
        </Form.Item>
        <Form.Item name="note" label={t('notify.noteLabel')}>
          <Input.TextArea autoSize={{ minRows: 2, maxRows: 5 }} maxLength={500} />
        </Form.Item>
        {problem && <Alert type="error" showIcon title={problem} />}
      </Form>
    </Modal>
  );
}

import { EditOutlined, LockOutlined, PrinterOutlined } from '@ant-design/icons';
import type { NcrDetail } from '@nlims/contracts';
import { Button, Card, Descriptions, Space, Timeline } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { queryState } from '../../shared/page/QueryState';
import { TABLET_UP, useMediaQuery } from '../../shared/page/useMediaQuery';
import { Attachments } from '../files/Attachments';
import { ActionsPanel } from './ActionsPanel';
import { useNcr } from './api';
import { ClassifyForm } from './ClassifyForm';
import { CloseDialog } from './CloseDialog';
import { EditDialog } from './EditDialog';
import { Frame } from './Frame';
import { changeText } from './history';
import { day, OverdueTag, RiskTag, SeverityTag, StateTag, typeText, when } from './labels';

/** Every action done and reviewed, at least one effective: the server's rule for closing, so the button shows only then. */
const readyToClose = (r: NcrDetail) =>
  r.actions.length > 0 && r.actions.every((a) => a.completed_on && a.effective != null) && r.actions.some((a) => a.effective);

const Text = ({ children }: { children: string }) => (children ? <span className="ncr-pre">{children}</span> : <span className="ncr-muted">—</span>);

/** One report (`/non-conformity/:id`): what was reported, its classification, actions, closure, attachments and history; printable. */
export default function NcrDetailPage() {
  const { t } = useTranslation('nonConformity');
  const id = Number(useParams().id);
  const report = useNcr(id);
  const [dialog, setDialog] = useState<'edit' | 'close' | null>(null);
  const phone = !useMediaQuery(TABLET_UP);
  const waiting = queryState(report, t('detail.error'));
  if (waiting || !report.data) return <Frame title={t('detail.loading')}>{waiting}</Frame>;
  const r = report.data;
  const extra = (
    <Space wrap>
      {r.can.edit && (
        <Button icon={<EditOutlined />} onClick={() => setDialog('edit')} data-testid="ncr-edit">
          {t('edit.open')}
        </Button>
      )}
      {r.can.close && readyToClose(r) && (
        <Button type="primary" danger icon={<LockOutlined />} onClick={() => setDialog('close')} data-testid="ncr-close">
          {t('close.open')}
        </Button>
      )}
      <Button icon={<PrinterOutlined />} onClick={() => window.print()}>
        {t('detail.print')}
      </Button>
      <Link to="/non-conformity">{t('back')}</Link>
    </Space>
  );
  return (
    <Frame
      title={t('detail.title', { number: r.number })}
      heading={
        <>
          {t('detail.heading')} <bdi className="ncr-number">{r.number}</bdi>
        </>
      }
      extra={extra}
      testid="ncr-detail"
    >
      <Reported report={r} />
      <Card size="small" title={t('detail.classification')} className="ncr-card-section">
        <Classification report={r} />
      </Card>
      <Card size="small" title={t('detail.actions')} className="ncr-card-section">
        <ActionsPanel report={r} />
      </Card>
      <Card size="small" title={t('detail.closure')} className="ncr-card-section" data-testid="ncr-closure">
        {r.state === 'closed' ? (
          <Descriptions size="small" column={1} bordered className="ncr-facts" layout={phone ? 'vertical' : 'horizontal'}>
            <Descriptions.Item label={t('field.effectivenessCheck')}>
              <Text>{r.effectiveness_check}</Text>
            </Descriptions.Item>
            <Descriptions.Item label={t('detail.closedBy')}>
              {r.closed_by} · {when(r.closed_at)}
            </Descriptions.Item>
          </Descriptions>
        ) : (
          <p className="ncr-muted">{t('close.rule')}</p>
        )}
      </Card>
      <Card size="small" title={t('detail.attachments')} className="ncr-card-section clin-no-print">
        {/* evidence is added while the report is open; a closed report's files stay as they were (the server refuses a change, 409) */}
        {r.state === 'closed' && (
          <p className="ncr-muted" data-testid="ncr-attachments-closed">
            {t('detail.attachmentsClosed')}
          </p>
        )}
        <Attachments target="ncr" id={r.id} readOnly={r.state === 'closed'} />
      </Card>
      <Card size="small" title={t('detail.history')} className="ncr-card-section">
        <History report={r} />
      </Card>
      {dialog === 'edit' && <EditDialog report={r} onClose={() => setDialog(null)} />}
      {dialog === 'close' && <CloseDialog report={r} onClose={() => setDialog(null)} />}
    </Frame>
  );
}

/** What the reporter said, with the samples it concerns. */
function Reported({ report: r }: { report: NcrDetail }) {
  const { t } = useTranslation('nonConformity');
  const phone = !useMediaQuery(TABLET_UP);
  const items: [string, ReactNode][] = [
    [t('field.eventDate'), day(r.event_date)],
    [t('detail.reported'), `${r.reported_by} · ${when(r.reported_at)}`],
    [t('field.section'), r.section_name ?? '—'],
    [t('detail.source'), t(`source.${r.source}`)],
    [
      t('field.samples'),
      r.samples.length ? (
        <ul key="samples" className="ncr-linked">
          {r.samples.map((s) => (
            <li key={s.id}>
              <bdi className="ncr-number">{s.barcode}</bdi>
              <span className="ncr-muted"> · {s.tests.length ? s.tests.map((x) => x.name).join(', ') : t('form.wholeSample')}</span>
            </li>
          ))}
        </ul>
      ) : (
        '—'
      ),
    ],
    [t('field.description'), <Text key="d">{r.description}</Text>],
    [t('field.immediateAction'), <Text key="i">{r.immediate_action}</Text>],
    [t('field.suspectedCause'), <Text key="s">{r.suspected_cause}</Text>],
  ];
  return (
    <Card size="small" className="ncr-card-section" data-testid="ncr-reported">
      <div className="ncr-tags ncr-headline">
        <StateTag state={r.state} />
        <SeverityTag severity={r.severity} />
        {r.risk != null && <RiskTag risk={r.risk} />}
        <OverdueTag count={r.overdue_actions} />
      </div>
      <h2 className="ncr-report-title">{r.title}</h2>
      <Descriptions size="small" column={1} bordered className="ncr-facts" layout={phone ? 'vertical' : 'horizontal'}>
        {items.map(([label, value]) => (
          <Descriptions.Item key={label} label={label}>
            {value}
          </Descriptions.Item>
        ))}
      </Descriptions>
    </Card>
  );
}

/** The classification as facts; a manager classifies (or changes it) with the form, which is not printed. */
function Classification({ report: r }: { report: NcrDetail }) {
  const { t } = useTranslation('nonConformity');
  const classified = r.classified_at != null;
  const phone = !useMediaQuery(TABLET_UP);
  const [changing, setChanging] = useState(false);
  if (!classified && r.can.classify) return <ClassifyForm report={r} />;
  if (!classified) return <p className="ncr-muted">{t('classify.waiting')}</p>;
  return (
    <>
      <Descriptions
        size="small"
        column={{ xs: 1, md: 2 }}
        bordered
        className="ncr-facts"
        layout={phone ? 'vertical' : 'horizontal'}
        data-testid="ncr-classification"
      >
        <Descriptions.Item label={t('field.category')}>{t(`category.${r.category}`)}</Descriptions.Item>
        <Descriptions.Item label={t('field.type')}>{typeText(t, r.type)}</Descriptions.Item>
        <Descriptions.Item label={t('field.qse')}>{r.qse ? t(`qse.${r.qse}`) : '—'}</Descriptions.Item>
        <Descriptions.Item label={t('field.risk')}>
          <span className="ncr-tags">
            <RiskTag risk={r.risk} />
            <span className="ncr-muted">{t('classify.riskOf', { consequence: r.consequence ?? '—', likelihood: r.likelihood ?? '—' })}</span>
          </span>
        </Descriptions.Item>
        <Descriptions.Item label={t('field.rootCause')} span="filled">
          <Text>{r.root_cause}</Text>
        </Descriptions.Item>
        <Descriptions.Item label={t('detail.classifiedBy')} span="filled">
          {r.classified_by ?? '—'} · {when(r.classified_at)}
        </Descriptions.Item>
      </Descriptions>
      {r.can.classify && (
        <div className="clin-no-print ncr-reclassify">
          {changing ? (
            <ClassifyForm report={r} />
          ) : (
            <Button size="small" onClick={() => setChanging(true)}>
              {t('classify.change')}
            </Button>
          )}
        </div>
      )}
    </>
  );
}

/** Every change, oldest first: who, when, what, and the state it moved the report to. */
function History({ report: r }: { report: NcrDetail }) {
  const { t } = useTranslation('nonConformity');
  return (
    <div data-testid="ncr-history">
      <Timeline
        className="ncr-history"
        items={r.history.map((h, i) => ({
          key: i,
          color: h.to_state === 'closed' ? 'green' : h.from_state !== h.to_state && h.to_state ? 'blue' : 'gray',
          content: (
            <div>
              <span className="ncr-muted ncr-block">{when(h.at)}</span>
              <strong>{t(`history.${h.action}`, { defaultValue: h.action })}</strong> · {h.by}
              {h.from_state && h.to_state && h.from_state !== h.to_state && (
                <span className="ncr-muted">
                  {' '}
                  · {t(`state.${h.from_state}`, { defaultValue: h.from_state })} → {t(`state.${h.to_state}`, { defaultValue: h.to_state })}
                </span>
              )}
              {h.changes.length > 0 && (
                <ul className="ncr-muted ncr-history__detail">
                  {h.changes.map((c) => (
                    <li key={c.field}>{changeText(t, c, r)}</li>
                  ))}
                </ul>
              )}
            </div>
          ),
        }))}
      />
    </div>
  );
}

import { CheckOutlined, PlusOutlined } from '@ant-design/icons';
import type { NcrAction, NcrDetail } from '@nlims/contracts';
import { Button, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TABLET_UP, useMediaQuery } from '../../shared/page/useMediaQuery';
import { ActionDialog, type ActionDialogKind } from './ActionDialog';
import { day, when } from './labels';

/** Whether an action proved effective, once reviewed. */
function Effective({ action }: { action: NcrAction }) {
  const { t } = useTranslation('nonConformity');
  if (action.effective == null) return <span className="ncr-muted">{t('actions.notReviewed')}</span>;
  return <Tag color={action.effective ? 'green' : 'red'}>{t(action.effective ? 'actions.effective' : 'actions.notEffective')}</Tag>;
}

/**
 * The report's actions (immediate, corrective, preventive): what, who, by when, done when, and whether it proved
 * effective and who said so. A manager adds one, records one done and reviews it; an open action past its due date is
 * red.
 */
export function ActionsPanel({ report }: { report: NcrDetail }) {
  const { t } = useTranslation('nonConformity');
  const wide = useMediaQuery(TABLET_UP);
  const [dialog, setDialog] = useState<{ kind: ActionDialogKind; action?: NcrAction } | null>(null);
  const act = report.can.act;
  const buttons = (a: NcrAction) =>
    act && (
      <Space size={4} wrap>
        {!a.completed_on && (
          <Button size="small" icon={<CheckOutlined />} onClick={() => setDialog({ kind: 'done', action: a })} data-testid={`ncr-action-done-${a.id}`}>
            {t('actions.markDone')}
          </Button>
        )}
        {a.completed_on && (
          <Button size="small" onClick={() => setDialog({ kind: 'review', action: a })} data-testid={`ncr-action-review-${a.id}`}>
            {a.effective == null ? t('actions.review') : t('actions.reviewAgain')}
          </Button>
        )}
      </Space>
    );
  const rowClass = (a: NcrAction) => (a.overdue ? 'ncr-row--overdue' : '');
  return (
    <div className="ncr-actions" data-testid="ncr-actions">
      {act && (
        <Button icon={<PlusOutlined />} onClick={() => setDialog({ kind: 'add' })} className="ncr-actions__add clin-no-print" data-testid="ncr-action-add">
          {t('actions.add')}
        </Button>
      )}
      {!report.actions.length ? (
        <p className="ncr-muted">{report.state === 'reported' ? t('actions.classifyFirst') : t('actions.none')}</p>
      ) : wide ? (
        <Table<NcrAction>
          size="small"
          rowKey="id"
          pagination={false}
          scroll={{ x: 'max-content' }}
          dataSource={report.actions}
          rowClassName={rowClass}
          columns={[
            { key: 'kind', title: t('actions.kind'), render: (_, a) => t(`kind.${a.kind}`) },
            { key: 'description', title: t('actions.description'), render: (_, a) => <span className="ncr-pre ncr-text-cell">{a.description}</span> },
            { key: 'responsible', title: t('actions.responsible'), dataIndex: 'responsible_name' },
            {
              key: 'due',
              title: t('actions.due'),
              render: (_, a) => (
                <span className="ncr-tags">
                  {day(a.due_date)}
                  {a.overdue && <Tag color="red">{t('actions.overdue')}</Tag>}
                </span>
              ),
            },
            { key: 'completed', title: t('actions.completedOn'), render: (_, a) => day(a.completed_on) },
            {
              key: 'effective',
              title: t('actions.effectiveColumn'),
              render: (_, a) => (
                <span className="ncr-review-cell">
                  <Effective action={a} />
                  {a.reviewed_by && <span className="ncr-muted ncr-block">{t('actions.reviewedLine', { by: a.reviewed_by, at: when(a.reviewed_at) })}</span>}
                  {a.review_note && <span className="ncr-pre ncr-muted ncr-block">{a.review_note}</span>}
                </span>
              ),
            },
            ...(act ? [{ key: 'do', title: '', className: 'clin-no-print', render: (_: unknown, a: NcrAction) => buttons(a) }] : []),
          ]}
        />
      ) : (
        <ul className="ncr-cards">
          {report.actions.map((a) => (
            <li key={a.id} className={`ncr-card ${rowClass(a)}`}>
              <span className="ncr-card__head">
                <strong>{t(`kind.${a.kind}`)}</strong>
                <Effective action={a} />
              </span>
              <span className="ncr-pre">{a.description}</span>
              <span className="ncr-muted">
                {a.responsible_name} · {t('actions.dueOn', { date: day(a.due_date) })}
                {a.completed_on ? ` · ${t('actions.doneOn', { date: day(a.completed_on) })}` : ''}
              </span>
              {a.overdue && (
                <span>
                  <Tag color="red">{t('actions.overdue')}</Tag>
                </span>
              )}
              {a.reviewed_by && (
                <span className="ncr-muted">
                  {t('actions.reviewedLine', { by: a.reviewed_by, at: when(a.reviewed_at) })}
                  {a.review_note ? ` — ${a.review_note}` : ''}
                </span>
              )}
              {buttons(a)}
            </li>
          ))}
        </ul>
      )}
      {dialog && <ActionDialog report={report} kind={dialog.kind} action={dialog.action} onClose={() => setDialog(null)} />}
    </div>
  );
}

import { NCR_ACTION_KINDS, type NcrAction, type NcrDetail } from '@nlims/contracts';
import { Alert, Form, Input, Modal, Radio, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { todayLagos } from '../../shared/format/format';
import { DateInput } from '../../shared/forms/DateInput';
import { useAddAction, useResponsibles, useUpdateAction } from './api';
import { day } from './labels';
import { showOnFields } from '../../shared/forms/serverErrors';

export type ActionDialogKind = 'add' | 'done' | 'review';

const FIELDS: Record<ActionDialogKind, readonly string[]> = {
  add: ['kind', 'description', 'responsible', 'due_date'],
  done: ['completed_on'],
  review: ['effective', 'review_note'],
};

/** Add an action, record one done (its completion date), or review whether it proved effective. */
export function ActionDialog({ report, kind, action, onClose }: { report: NcrDetail; kind: ActionDialogKind; action?: NcrAction; onClose: () => void }) {
  const { t } = useTranslation('nonConformity');
  const [form] = Form.useForm();
  const add = useAddAction(report.id);
  const update = useUpdateAction(report.id);
  const people = useResponsibles(kind === 'add');
  const [problem, setProblem] = useState<string | null>(null);
  const busy = add.isPending || update.isPending;
  const required = (label: string) => [{ required: true, message: t('form.required', { label }) }];
  const submit = async (v: Record<string, unknown>) => {
    setProblem(null);
    try {
      if (kind === 'add')
        await add.mutateAsync({
          kind: v.kind as NcrAction['kind'],
          description: v.description as string,
          responsible: v.responsible as number,
          due_date: v.due_date as string,
        });
      else if (kind === 'done') await update.mutateAsync({ action: action!.id, body: { completed_on: v.completed_on as string } });
      else
        await update.mutateAsync({ action: action!.id, body: { effective: v.effective as boolean, review_note: (v.review_note as string | undefined) ?? '' } });
      onClose();
    } catch (error) {
      const rest = showOnFields(form, error, FIELDS[kind]);
      setProblem(rest.length ? rest.join('\n') : null);
    }
  };
  const initial =
    kind === 'add'
      ? { kind: report.actions.length ? 'corrective' : 'immediate' }
      : kind === 'done'
        ? { completed_on: todayLagos() }
        : { effective: action?.effective ?? undefined, review_note: action?.review_note };
  return (
    <Modal
      open
      title={t(`actions.dialog.${kind}`)}
      okText={t(`actions.ok.${kind}`)}
      cancelText={t('cancel')}
      okButtonProps={{ htmlType: 'submit', form: 'ncr-action', loading: busy }}
      onCancel={onClose}
      destroyOnHidden
    >
      {action && (
        <p className="ncr-dialog-context">
          <strong>{t(`kind.${action.kind}`)}</strong> · {action.description}
          <span className="ncr-muted ncr-block">
            {action.responsible_name} · {t('actions.dueOn', { date: day(action.due_date) })}
            {action.completed_on ? ` · ${t('actions.doneOn', { date: day(action.completed_on) })}` : ''}
          </span>
        </p>
      )}
      <Form id="ncr-action" form={form} layout="vertical" initialValues={initial} onFinish={submit}>
        {kind === 'add' && (
          <>
            <Form.Item name="kind" label={t('actions.kind')} rules={required(t('actions.kind'))}>
              <Radio.Group options={NCR_ACTION_KINDS.map((k) => ({ value: k, label: t(`kind.${k}`) }))} />
            </Form.Item>
            <Form.Item
              name="description"
              label={t('actions.description')}
              rules={[{ required: true, whitespace: true, message: t('form.required', { label: t('actions.description') }) }]}
            >
              <Input.TextArea dir="auto" autoSize={{ minRows: 2, maxRows: 6 }} maxLength={2000} />
            </Form.Item>
            <Form.Item name="responsible" label={t('actions.responsible')} rules={required(t('actions.responsible'))}>
              <Select
                showSearch={{ optionFilterProp: 'label' }}
                loading={people.isPending}
                options={(people.data ?? []).map((p) => ({ value: p.id, label: p.name }))}
                data-testid="ncr-action-responsible"
              />
            </Form.Item>
            <Form.Item name="due_date" label={t('actions.due')} rules={required(t('actions.due'))}>
              <DateInput min={todayLagos} />
            </Form.Item>
          </>
        )}
        {kind === 'done' && (
          <Form.Item name="completed_on" label={t('actions.completedOn')} rules={required(t('actions.completedOn'))}>
            <DateInput max={todayLagos} />
          </Form.Item>
        )}
        {kind === 'review' && (
          <>
            <Form.Item name="effective" label={t('actions.provedEffective')} rules={[{ required: true, message: t('actions.chooseEffective') }]}>
              <Radio.Group
                options={[
                  { value: true, label: t('actions.effective') },
                  { value: false, label: t('actions.notEffective') },
                ]}
              />
            </Form.Item>
            <Form.Item name="review_note" label={t('actions.reviewNote')}>
              <Input.TextArea dir="auto" autoSize={{ minRows: 2, maxRows: 6 }} maxLength={2000} />
            </Form.Item>
          </>
        )}
        {problem && <Alert type="error" showIcon title={problem} className="ncr-alert" />}
      </Form>
    </Modal>
  );
}

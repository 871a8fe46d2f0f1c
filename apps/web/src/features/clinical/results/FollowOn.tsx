import { BranchesOutlined } from '@ant-design/icons';
import { requestFormSpecOf, rulesOf } from '@nlims/contracts';
import { Alert, Button, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFollowOn, useOrders } from '../api';
import { errorDetail } from '../../../shared/forms/forms';
import { SampleLabels } from '../common/SampleLabels';
import { useProgramme } from '../programme';
import type { OrderCreated, OrderDetail } from '../types';
import { type TestConfig, useTestConfig } from './useTestConfig';

/** The catalogue codes a test stands for: its own and its panel's. */
const codesOf = (byId: Map<number, TestConfig>, testType: number): string[] => {
  const config = byId.get(testType);
  const panel = config?.panel != null ? byId.get(config.panel)?.code : undefined;
  return [config?.code, panel].filter((c): c is string => c != null);
};

/**
 * The programme's next tests for a sample, in one click (TB: Xpert or Ultra
 * shows rifampicin resistance → LPA, culture and DST on a new sample of the
 * same order; EID and viral load: a new request of the same client, the
 * confirmatory PCR or the repeat after counselling), confirmed first; then
 * the new sample's label to print. Shown only when the programme's rules ask
 * for something, the role may order, and it has not been ordered yet.
 */
export function FollowOn({ sample }: { sample: OrderDetail }) {
  const programme = useProgramme();
  const { t } = useTranslation(['clinical', requestFormSpecOf(programme.name)?.namespace ?? 'clinical']);
  const { byId } = useTestConfig();
  const followOn = useFollowOn(programme);
  const [modal, holder] = Modal.useModal();
  const [made, setMade] = useState<OrderCreated | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const results = sample.tests.flatMap((x) => {
    const code = byId.get(x.test_type)?.code;
    return code && x.result?.value != null ? [{ code, value: x.result.value }] : [];
  });
  const next = rulesOf(programme.name).followOn?.(results, sample.form ?? {}) ?? null;
  const due: string[] = next?.codes ?? [];
  // The programme's catalog words the follow-on, by the new request's reason (EID: confirm a positive, repeat a failed
  // run) or for every reason (viral load: the repeat after counselling); else the general words.
  const ns = requestFormSpecOf(programme.name)?.namespace;
  const variant = typeof next?.form?.reason === 'string' ? next.form.reason : null;
  const say = (key: string, options?: Record<string, unknown>) =>
    t([...(ns && variant ? [`${ns}:followOn.${variant}.${key}`] : []), ...(ns ? [`${ns}:followOn.${key}`] : []), `clinical:followOn.${key}`], options);
  const allowed = due.length > 0 && programme.may('order');
  // The order's samples with their tests: follow-on tests already on the order are not offered again.
  const siblings = useOrders(programme, { pageIndex: 0, pageSize: 20, order: sample.order }, allowed && !next?.form);
  if (made) {
    return (
      <Alert
        className="clin-follow-on"
        type="success"
        showIcon
        title={say('done', { count: made.samples.length, lab: made.lab_number })}
        description={<SampleLabels samples={made.samples} testNames={(id) => byId.get(id)?.name} />}
      />
    );
  }
  if (allowed && sample.follow_on_request)
    return <Alert className="clin-follow-on" type="info" showIcon title={say('requested', { lab: sample.follow_on_request.lab_number })} />;
  if (!allowed || (!next?.form && !siblings.data)) return null;
  const holders = (siblings.data?.results ?? []).filter((s) => s.tests.some((x) => codesOf(byId, x.test_type).some((c) => due.includes(c))));
  const ordered = new Set(holders.flatMap((s) => s.tests.flatMap((x) => codesOf(byId, x.test_type))));
  if (!next?.form && due.every((code) => ordered.has(code)))
    return <Alert className="clin-follow-on" type="info" showIcon title={t('followOn.already', { labels: holders.map((s) => s.barcode).join(', ') })} />;

  const confirm = () =>
    modal.confirm({
      title: say('confirmTitle', { lab: sample.barcode }),
      content: say('confirmText'),
      okText: say('order'),
      cancelText: t('common.back'),
      onOk: async () => {
        setProblem(null);
        try {
          setMade(await followOn.mutateAsync(sample.id));
        } catch (error) {
          setProblem(errorDetail(error));
        }
      },
    });
  return (
    <div className="clin-follow-on">
      {holder}
      <Alert
        type="warning"
        showIcon
        title={say('due')}
        description={
          <Button danger type="primary" icon={<BranchesOutlined />} loading={followOn.isPending} onClick={confirm} style={{ marginTop: 8 }}>
            {say('button')}
          </Button>
        }
      />
      {problem && <Alert type="error" showIcon title={problem} closable onClose={() => setProblem(null)} />}
    </div>
  );
}

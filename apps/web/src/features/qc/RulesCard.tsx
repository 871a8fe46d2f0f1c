import { type RuleSetting, WESTGARD_RULES, type WestgardRule } from '@nlims/contracts';
import { Alert, Button, Card, Select, Switch, Table, Tag } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorDetail } from '../../shared/forms/forms';
import { queryState } from '../../shared/page/QueryState';
import { useProgramme } from '../clinical/programme';
import { useQcRules, useSaveQcRules } from './api';

type Rules = Record<WestgardRule, RuleSetting>;

/**
 * The Westgard rules that judge this test's controls on this instrument: each on or off and its severity. The
 * programme's supervisors change them; everyone else who records QC reads them.
 */
export function RulesCard({ testType, machine }: { testType: number; machine: number | null }) {
  const { t } = useTranslation('qc');
  const programme = useProgramme();
  const editable = programme.may('validate');
  const query = useQcRules(testType, machine);
  const save = useSaveQcRules();
  const [rules, setRules] = useState<Rules | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  useEffect(() => setRules(query.data?.rules ?? null), [query.data]);
  const waiting = queryState(query, t('loadError'));
  const change = (rule: WestgardRule, patch: Partial<RuleSetting>) => {
    setSaved(false);
    setRules((now) => (now ? { ...now, [rule]: { ...now[rule], ...patch } } : now));
  };
  const submit = async () => {
    if (!rules) return;
    setProblem(null);
    try {
      await save.mutateAsync({ test_type: testType, machine, rules });
      setSaved(true);
    } catch (error) {
      setProblem(errorDetail(error) ?? t('rules.saveError'));
    }
  };
  return (
    <Card
      title={t('rules.title')}
      className="qc-rules clin-no-print"
      data-testid="qc-rules"
      extra={query.data && <Tag color={query.data.custom ? 'blue' : 'default'}>{query.data.custom ? t('rules.custom') : t('rules.defaults')}</Tag>}
    >
      {waiting ??
        (rules && (
          <>
            <Table
              size="small"
              rowKey="rule"
              pagination={false}
              dataSource={WESTGARD_RULES.map((rule) => ({ rule, ...rules[rule] }))}
              columns={[
                { key: 'rule', title: t('rules.rule'), render: (_, r) => <bdi dir="ltr">{r.rule}</bdi> },
                {
                  key: 'enabled',
                  title: t('rules.enabled'),
                  render: (_, r) => (
                    <Switch
                      aria-label={t('rules.enabledOf', { rule: r.rule })}
                      checked={r.enabled}
                      disabled={!editable}
                      onChange={(enabled) => change(r.rule, { enabled })}
                    />
                  ),
                },
                {
                  key: 'severity',
                  title: t('rules.severity'),
                  render: (_, r) => (
                    <Select
                      aria-label={t('rules.severityOf', { rule: r.rule })}
                      className="qc-rules__severity"
                      value={r.severity}
                      disabled={!editable}
                      onChange={(severity) => change(r.rule, { severity })}
                      options={(['warning', 'reject'] as const).map((s) => ({ value: s, label: t(`severity.${s}`) }))}
                    />
                  ),
                },
              ]}
            />
            {problem && <Alert type="error" showIcon title={problem} className="qc-run__alert" />}
            {saved && <Alert type="success" showIcon title={t('rules.saved')} className="qc-run__alert" />}
            {editable ? (
              <Button type="primary" onClick={submit} loading={save.isPending} className="qc-rules__save">
                {t('rules.save')}
              </Button>
            ) : (
              <p className="qc-rules__note">{t('rules.readOnly')}</p>
            )}
          </>
        ))}
    </Card>
  );
}

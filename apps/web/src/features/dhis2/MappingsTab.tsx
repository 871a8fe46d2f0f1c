import { DHIS2_UID, type Dhis2MappingItem } from '@nlims/contracts';
import { Alert, App, Button, Input, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../shared/page/LoadError';
import { useDhis2Mappings, useSaveDhis2Mappings } from './api';
import { indicatorLabel } from './labels';
import { problemText } from './problem';

type Edit = { data_element: string; category_option_combo: string };
const okUid = (v: string) => v === '' || DHIS2_UID.test(v);

/** Each indicator's data element and category option combo (blank: the default combo); only the changed rows are saved. */
export function MappingsTab() {
  const { t } = useTranslation('dhis2');
  const { message } = App.useApp();
  const mappings = useDhis2Mappings();
  const save = useSaveDhis2Mappings();
  const [edits, setEdits] = useState<Record<string, Edit>>({});
  const [error, setError] = useState<unknown>(null);
  if (mappings.isError) return <LoadError title={t('loadError')} error={mappings.error} onRetry={() => void mappings.refetch()} />;
  const value = (m: Dhis2MappingItem): Edit => edits[m.indicator] ?? { data_element: m.data_element, category_option_combo: m.category_option_combo };
  const set = (m: Dhis2MappingItem, patch: Partial<Edit>) => setEdits((e) => ({ ...e, [m.indicator]: { ...value(m), ...patch } }));
  const changed = Object.entries(edits);
  const invalid = changed.some(([, e]) => !okUid(e.data_element) || !okUid(e.category_option_combo) || (!e.data_element && e.category_option_combo !== ''));
  const submit = async () => {
    setError(null);
    try {
      await save.mutateAsync({
        mappings: changed.map(([indicator, e]) => ({
          indicator,
          data_element: e.data_element,
          category_option_combo: e.data_element ? e.category_option_combo : '',
        })),
      });
      setEdits({});
      void message.success(t('saved'));
    } catch (e) {
      setError(e);
    }
  };
  const mapped = (mappings.data ?? []).filter((m) => m.data_element).length;
  return (
    <div data-testid="dhis2-mappings">
      <div className="dhis2-actions">
        <span>{t('mappings.count', { mapped, count: mappings.data?.length ?? 0 })}</span>
        <Button type="primary" disabled={!changed.length || invalid} loading={save.isPending} onClick={() => void submit()}>
          {t('save')}
        </Button>
        {changed.length > 0 && <Button onClick={() => setEdits({})}>{t('discard')}</Button>}
      </div>
      {error != null && <Alert type="error" showIcon title={t('saveFailed')} description={problemText(t, error)} className="dhis2-summary" />}
      <Table<Dhis2MappingItem>
        size="small"
        rowKey="indicator"
        loading={mappings.isPending}
        dataSource={mappings.data}
        pagination={false}
        scroll={{ x: 'max-content' }}
        columns={[
          { key: 'indicator', title: t('col.indicator'), render: (_, m) => indicatorLabel(t, m) },
          {
            key: 'de',
            title: t('col.dataElement'),
            render: (_, m) => {
              const v = value(m).data_element;
              return (
                <Input
                  className="dhis2-uid-input"
                  aria-label={`${t('col.dataElement')} ${indicatorLabel(t, m)}`}
                  value={v}
                  maxLength={11}
                  status={okUid(v) ? undefined : 'error'}
                  onChange={(e) => set(m, { data_element: e.target.value.trim() })}
                />
              );
            },
          },
          {
            key: 'coc',
            title: t('col.categoryOptionCombo'),
            render: (_, m) => {
              const v = value(m).category_option_combo;
              return (
                <Input
                  className="dhis2-uid-input"
                  aria-label={`${t('col.categoryOptionCombo')} ${indicatorLabel(t, m)}`}
                  value={v}
                  maxLength={11}
                  placeholder={t('col.default')}
                  status={okUid(v) ? undefined : 'error'}
                  onChange={(e) => set(m, { category_option_combo: e.target.value.trim() })}
                />
              );
            },
          },
        ]}
      />
    </div>
  );
}

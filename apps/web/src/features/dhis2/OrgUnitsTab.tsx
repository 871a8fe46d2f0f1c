import { DHIS2_UID, type Dhis2OrgUnitItem } from '@nlims/contracts';
import { Alert, App, Button, Input, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../shared/page/LoadError';
import { useDhis2OrgUnits, useSaveDhis2OrgUnits } from './api';
import { problemText } from './problem';

const okUid = (v: string) => v === '' || DHIS2_UID.test(v);

/** Each facility's DHIS2 organisation unit (blank: not reported); only the changed rows are saved. */
export function OrgUnitsTab() {
  const { t } = useTranslation('dhis2');
  const { message } = App.useApp();
  const units = useDhis2OrgUnits();
  const save = useSaveDhis2OrgUnits();
  const [edits, setEdits] = useState<Record<number, string>>({});
  const [error, setError] = useState<unknown>(null);
  if (units.isError) return <LoadError title={t('loadError')} error={units.error} onRetry={() => void units.refetch()} />;
  const changed = Object.entries(edits).map(([facility, org_unit]) => ({ facility: Number(facility), org_unit }));
  const submit = async () => {
    setError(null);
    try {
      await save.mutateAsync({ org_units: changed });
      setEdits({});
      void message.success(t('saved'));
    } catch (e) {
      setError(e);
    }
  };
  return (
    <div data-testid="dhis2-org-units">
      <div className="dhis2-actions">
        <Button type="primary" disabled={!changed.length || changed.some((c) => !okUid(c.org_unit))} loading={save.isPending} onClick={() => void submit()}>
          {t('save')}
        </Button>
        {changed.length > 0 && <Button onClick={() => setEdits({})}>{t('discard')}</Button>}
      </div>
      {error != null && <Alert type="error" showIcon title={t('saveFailed')} description={problemText(t, error)} className="dhis2-summary" />}
      <Table<Dhis2OrgUnitItem>
        size="small"
        rowKey="facility"
        loading={units.isPending}
        dataSource={units.data}
        pagination={{ pageSize: 50, hideOnSinglePage: true, showSizeChanger: false }}
        scroll={{ x: 'max-content' }}
        columns={[
          { key: 'facility', title: t('col.facility'), render: (_, u) => `${u.facility_name} (${u.facility_code})` },
          { key: 'state', title: t('col.state'), dataIndex: 'state' },
          { key: 'lga', title: t('col.lga'), dataIndex: 'lga' },
          {
            key: 'ou',
            title: t('col.orgUnit'),
            render: (_, u) => {
              const v = edits[u.facility] ?? u.org_unit;
              return (
                <Input
                  className="dhis2-uid-input"
                  aria-label={`${t('col.orgUnit')} ${u.facility_name}`}
                  value={v}
                  maxLength={11}
                  status={okUid(v) ? undefined : 'error'}
                  onChange={(e) => setEdits((x) => ({ ...x, [u.facility]: e.target.value.trim() }))}
                />
              );
            },
          },
        ]}
      />
    </div>
  );
}

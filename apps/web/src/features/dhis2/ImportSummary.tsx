import type { Dhis2ExportItem } from '@nlims/contracts';
import { Alert, Button, Descriptions, List } from 'antd';
import { useTranslation } from 'react-i18next';

/** What DHIS2 said of a send or dry run: its status and counts and conflicts, or why it could not be sent. */
export function ImportSummary({ result, onHistory }: { result: Dhis2ExportItem; onHistory?: () => void }) {
  const { t } = useTranslation('dhis2');
  const kind = result.dry_run ? t('history.dryRun') : t('history.sent');
  if (result.status === 'failed')
    return (
      <Alert
        type="error"
        showIcon
        className="dhis2-summary"
        data-testid="dhis2-result"
        title={t('result.failed', { kind })}
        description={result.error}
        action={
          onHistory && (
            <Button size="small" onClick={onHistory}>
              {t('result.history')}
            </Button>
          )
        }
      />
    );
  const type = result.import_status === 'ERROR' ? 'error' : result.import_status === 'WARNING' || result.conflicts.length ? 'warning' : 'success';
  return (
    <Alert
      type={type}
      showIcon
      className="dhis2-summary"
      data-testid="dhis2-result"
      title={t('result.done', { kind, status: result.import_status || '—' })}
      action={
        onHistory && (
          <Button size="small" onClick={onHistory}>
            {t('result.history')}
          </Button>
        )
      }
      description={
        <>
          <Descriptions
            size="small"
            column={{ xs: 2, sm: 4 }}
            items={(['imported', 'updated', 'ignored', 'deleted'] as const).map((k) => ({ key: k, label: t(`count.${k}`), children: result[k] }))}
          />
          {result.conflicts.length > 0 && (
            <List
              size="small"
              header={t('result.conflicts', { count: result.conflicts.length })}
              dataSource={result.conflicts.slice(0, 20)}
              renderItem={(c) => (
                <List.Item>
                  <span className="dhis2-uid">{c.object}</span>: {c.value}
                </List.Item>
              )}
            />
          )}
        </>
      }
    />
  );
}

import { CloudUploadOutlined } from '@ant-design/icons';
import { Badge, Button, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { unsent, useOfflineRecords, useOfflineSync } from './useOfflineRecords';

/** The header's count of records registered offline and not yet sent; it also keeps them syncing on every page. */
export function OfflineBadge() {
  const { t } = useTranslation('offline');
  const { records } = useOfflineRecords();
  useOfflineSync();
  const count = unsent(records).length;
  if (!count) return null;
  const label = t('badge.waiting', { n: count });
  return (
    <Tooltip title={label}>
      <Link to="/offline-registration" aria-label={label} data-testid="offline-badge">
        <Badge count={count} size="small">
          <Button type="text" icon={<CloudUploadOutlined />} />
        </Badge>
      </Link>
    </Tooltip>
  );
}

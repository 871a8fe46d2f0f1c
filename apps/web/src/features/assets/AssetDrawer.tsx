import { PrinterOutlined } from '@ant-design/icons';
import { Alert, Button, Descriptions, Drawer, Space, Spin } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../shared/page/LoadError';
import { printFile } from '../../shared/files';
import { useMediaQuery } from '../../shared/page/useMediaQuery';
import { labelsPath, useAsset } from './api';
import { EditAssetDialog } from './EditAssetDialog';
import { History } from './History';
import { checkoutText, day, StatusTag, unavailableText, ValidityTag, when } from './labels';
import { MoveDialog, type MoveKind } from './MoveDialog';

/** One asset: what the register holds, why it may not be used for results, its moves and records, and its history. */
export function AssetDrawer({ id, onClose }: { id: number; onClose: () => void }) {
  const { t } = useTranslation('assets');
  const asset = useAsset(id);
  const phone = useMediaQuery('(max-width: 767px)');
  const [dialog, setDialog] = useState<MoveKind | 'edit' | null>(null);
  const a = asset.data;
  const action = (kind: MoveKind, danger = false) => (
    <Button key={kind} danger={danger} onClick={() => setDialog(kind)} data-testid={`asset-${kind}`}>
      {t(`action.${kind}`)}
    </Button>
  );
  return (
    <Drawer
      open
      onClose={onClose}
      size={phone ? '100%' : 760}
      title={
        a ? (
          <span>
            <bdi className="asset-code">{a.tag}</bdi> · <span className="asset-name">{a.name}</span>
          </span>
        ) : (
          t('loading')
        )
      }
      extra={a && <StatusTag status={a.status} />}
      destroyOnHidden
      className="asset-drawer"
    >
      {asset.isPending ? (
        <Spin />
      ) : asset.error || !a ? (
        <LoadError title={t('detail.error')} error={asset.error} onRetry={() => void asset.refetch()} />
      ) : (
        <div data-testid="asset-detail">
          {a.unavailable && (
            <Alert
              type="error"
              showIcon
              className="asset-alert"
              title={t('detail.notForResults')}
              description={unavailableText(t, a.unavailable)}
              data-testid="asset-unavailable"
            />
          )}
          <div className="asset-actions asset-no-print">
            {a.checkout ? action('check_in') : a.status === 'in_use' && action('check_out')}
            {a.status === 'in_use' ? action('under_repair', true) : action('back_in_service')}
            {a.status !== 'out_of_service' && action('out_of_service', true)}
            {action('maintenance')}
            {action('calibrations')}
            {action('certificates')}
            <Space wrap>
              <Button onClick={() => setDialog('edit')}>{t('action.edit')}</Button>
              <Button icon={<PrinterOutlined />} onClick={() => void printFile(labelsPath([a.id]))}>
                {t('action.printTag')}
              </Button>
            </Space>
          </div>
          <Descriptions size="small" column={{ xs: 1, md: 2 }} bordered className="asset-descriptions">
            <Descriptions.Item label={t('field.kind')}>{a.generic_name ? `${a.generic_name} · ${t(`category.${a.category}`)}` : '—'}</Descriptions.Item>
            <Descriptions.Item label={t('field.location')}>{a.location_name ?? '—'}</Descriptions.Item>
            <Descriptions.Item label={t('field.model')}>{a.model || '—'}</Descriptions.Item>
            <Descriptions.Item label={t('field.serial')}>
              <bdi className="asset-code">{a.serial_number || '—'}</bdi>
            </Descriptions.Item>
            <Descriptions.Item label={t('field.manufacturer')}>{a.manufacturer_name ?? '—'}</Descriptions.Item>
            <Descriptions.Item label={t('field.supplier')}>{a.supplier_name ?? '—'}</Descriptions.Item>
            <Descriptions.Item label={t('field.inService')}>{day(a.in_service_date)}</Descriptions.Item>
            <Descriptions.Item label={t('field.machine')}>
              {a.machine_setting_name ? `${a.machine_setting_name}${a.instrument_name ? ` · ${a.instrument_name}` : ''}` : '—'}
            </Descriptions.Item>
            <Descriptions.Item label={t('field.status')}>
              <StatusTag status={a.status} />
              {a.status_since && <span className="asset-muted"> {t('detail.since', { date: when(a.status_since) })}</span>}
              {a.status_note && <span className="asset-pre asset-block">{a.status_note}</span>}
            </Descriptions.Item>
            <Descriptions.Item label={t('field.checkout')}>
              {a.checkout ? (
                <span data-testid="asset-checkout">
                  {checkoutText(t, a.checkout)}
                  <span className="asset-muted asset-block">
                    {t('detail.since', { date: when(a.checkout.checked_out_at) })}
                    {a.checkout.expected_back ? ` · ${t('detail.expectedBack', { date: day(a.checkout.expected_back) })}` : ''}
                  </span>
                </span>
              ) : (
                t('detail.notOut')
              )}
            </Descriptions.Item>
            <Descriptions.Item label={t('field.calibration')}>
              <ValidityTag state={a.calibration} date={a.calibration_valid_until} />
            </Descriptions.Item>
            <Descriptions.Item label={t('field.certificates')}>
              <ValidityTag state={a.certificates} date={a.certificates_valid_to} />
            </Descriptions.Item>
            <Descriptions.Item label={t('field.lastMaintenance')}>
              {a.last_maintenance ? `${t(`maintenance.${a.last_maintenance.kind}`)} · ${day(a.last_maintenance.down_from)}` : '—'}
            </Descriptions.Item>
            <Descriptions.Item label={t('field.note')}>
              <span className="asset-pre">{a.note || '—'}</span>
            </Descriptions.Item>
          </Descriptions>
          <History asset={a} />
          {dialog === 'edit' && <EditAssetDialog asset={a} onClose={() => setDialog(null)} />}
          {dialog && dialog !== 'edit' && <MoveDialog asset={a} kind={dialog} onClose={() => setDialog(null)} />}
        </div>
      )}
    </Drawer>
  );
}

import { DownloadOutlined, FilePdfOutlined, PrinterOutlined } from '@ant-design/icons';
import type { ShipmentDetail } from '@nlims/contracts';
import { Alert, Button, Card, Descriptions, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ltr } from '../../shared/format/figures';
import { downloadFile, printFile, viewFile } from '../../shared/files';
import { queryState } from '../../shared/page/QueryState';
import { StatusTag } from '../../shared/status/status';
import { useSession } from '../auth/useSession';
import { mayReceive, movesFor, sideOf } from './access';
import { manifestPath, type ReceiveReply, useShipment } from './api';
import { Differences, ReceivePanel } from './ReceivePanel';
import { MoveButton } from './MoveButton';
import { ReportNcrButton } from '../nonconformity/ReportLink';
import { day, degrees, hours, OverdueTag, SampleStateTag, ShipmentStatusTag, shipmentStatusText, storageText, when } from './labels';

type Sample = ShipmentDetail['samples'][number];
type Event = ShipmentDetail['history'][number];

/**
 * One shipment, for either of its laboratories: its facts, manifest, samples and history, the turnaround of its legs,
 * the moves the caller's side may make now and, for the testing laboratory while it is on its way, the reception.
 */
export function ShipmentView({ id, sends }: { id: number; sends: boolean }) {
  const { t } = useTranslation(['dispatch', 'app']);
  const { user } = useSession();
  const shipment = useShipment(id);
  const [received, setReceived] = useState<ReceiveReply | null>(null);
  const waiting = queryState(shipment, t('loadError'));
  if (waiting || !shipment.data || !user) return waiting;
  const s = shipment.data;
  const side = sideOf(user, s);
  const moves = movesFor(user, s);
  const receiving = mayReceive(user, s);
  const programmes = [...new Set(s.samples.map((x) => x.program))];
  // Back to the list it came from: a sender's outgoing or incoming tab, or the receivers' incoming list.
  const back = sends ? `/dispatch?tab=${side === 'receiver' ? 'incoming' : 'outgoing'}` : '/dispatch/incoming';
  return (
    <Card
      className="dsp-view"
      data-testid="shipment-view"
      title={
        <Space wrap size={[8, 4]}>
          <span>{t('shipmentTitle', { number: s.number })}</span>
          <ShipmentStatusTag code={s.status} />
          {s.overdue && <OverdueTag />}
        </Space>
      }
      extra={<Link to={back}>{t('back')}</Link>}
    >
      {received && (
        <Alert
          type={received.missing.length || received.unexpected.length ? 'warning' : 'success'}
          showIcon
          className="dsp-alert"
          data-testid="receive-result"
          title={t('receive.done', {
            accepted: received.samples.filter((x) => x.state === 'received').length,
            rejected: received.samples.filter((x) => x.state === 'rejected').length,
          })}
          description={
            <>
              <Differences missing={received.missing} unexpected={received.unexpected.map(String)} />
              {/* each sample rejected on arrival may be reported as a non-conformity, pre-filled */}
              <Space wrap size={[16, 8]}>
                {received.samples
                  .filter((x) => x.state === 'rejected')
                  .map((x) => (
                    <Space key={x.id} size={6} data-testid={`ncr-rejected-${x.id}`}>
                      <bdi>{x.barcode}</bdi>
                      <ReportNcrButton source="referral_rejected" refId={x.id} size="small" />
                    </Space>
                  ))}
              </Space>
            </>
          }
        />
      )}
      <Space wrap className="dsp-actions clin-no-print">
        <Button
          type={moves.length ? 'default' : 'primary'}
          icon={<PrinterOutlined />}
          onClick={() => void printFile(manifestPath(s.id))}
          data-testid="print-manifest"
        >
          {t('manifest.print')}
        </Button>
        <Button icon={<FilePdfOutlined />} onClick={() => void viewFile(manifestPath(s.id))}>
          {t('manifest.view')}
        </Button>
        <Button icon={<DownloadOutlined />} onClick={() => void downloadFile(manifestPath(s.id, true), `${s.number}.pdf`)}>
          {t('manifest.download')}
        </Button>
        {moves.map((action, i) => (
          <MoveButton key={action} shipment={s} action={action} primary={!receiving && i === 0 && action !== 'reject' && action !== 'cancel'} />
        ))}
      </Space>
      {/* The testing laboratory's work on it comes first; the facts follow. */}
      {receiving && <ReceivePanel key={s.id} shipment={s} onReceived={setReceived} />}
      <Descriptions size="small" column={{ xs: 1, sm: 2, lg: 3 }} className="dsp-facts">
        <Descriptions.Item label={t('field.from')}>{s.sending_facility_name}</Descriptions.Item>
        <Descriptions.Item label={t('field.to')}>{s.receiving_facility_name}</Descriptions.Item>
        <Descriptions.Item label={t('field.program')}>{programmes.map((p) => t(`app:program.${p}`, { defaultValue: p })).join(', ')}</Descriptions.Item>
        <Descriptions.Item label={t('field.courier')}>{s.courier_name ?? t('noCourier')}</Descriptions.Item>
        <Descriptions.Item label={t('field.rider')}>{[s.rider_name, s.rider_phone && ltr(s.rider_phone)].filter(Boolean).join(' · ') || '—'}</Descriptions.Item>
        <Descriptions.Item label={t('field.pickupDate')}>{day(s.pickup_date)}</Descriptions.Item>
        <Descriptions.Item label={t('field.due')}>
          <span className="dsp-tags">
            {when(s.due_at)}
            {s.overdue && <OverdueTag />}
          </span>
        </Descriptions.Item>
        <Descriptions.Item label={t('field.samples')}>{s.samples_count}</Descriptions.Item>
        <Descriptions.Item label={t('field.packaging')}>{s.packaging || '—'}</Descriptions.Item>
        <Descriptions.Item label={t('field.boxes')}>{s.boxes}</Descriptions.Item>
        <Descriptions.Item label={t('field.storage')}>{storageText(t, s.storage_temperature)}</Descriptions.Item>
        <Descriptions.Item label={t('field.pickupTemperature')}>{degrees(s.pickup_temperature)}</Descriptions.Item>
        <Descriptions.Item label={t('field.arrivalTemperature')}>{degrees(s.arrival_temperature)}</Descriptions.Item>
        <Descriptions.Item label={t('field.packedBy')}>{s.packed_by}</Descriptions.Item>
        <Descriptions.Item label={t('field.created')}>{when(s.created_at)}</Descriptions.Item>
        <Descriptions.Item label={t('field.dispatched')}>{when(s.dispatched_at)}</Descriptions.Item>
        <Descriptions.Item label={t('field.delivered')}>{when(s.delivered_at)}</Descriptions.Item>
        <Descriptions.Item label={t('field.received')}>{when(s.received_at)}</Descriptions.Item>
      </Descriptions>
      <section className="dsp-legs" aria-label={t('legs.title')}>
        <h4 className="dsp-subtitle">{t('legs.title')}</h4>
        <ol className="dsp-legs__list">
          <li>
            <span>{t('legs.collection_to_dispatch')}</span>
            <strong>{hours(t, s.legs.collection_to_dispatch)}</strong>
          </li>
          <li>
            <span>{t('legs.dispatch_to_delivery')}</span>
            <strong>{hours(t, s.legs.dispatch_to_delivery)}</strong>
          </li>
          <li>
            <span>{t('legs.delivery_to_reception')}</span>
            <strong>{hours(t, s.legs.delivery_to_reception)}</strong>
          </li>
        </ol>
      </section>
      <h4 className="dsp-subtitle">{t('samplesTitle', { count: s.samples.length })}</h4>
      <Table<Sample>
        size="small"
        rowKey="id"
        dataSource={s.samples}
        pagination={s.samples.length > 50 ? { pageSize: 50, showSizeChanger: false } : false}
        scroll={{ x: 'max-content' }}
        data-testid="shipment-samples"
        columns={[
          { key: 'barcode', title: t('column.barcode'), render: (_, x) => <bdi>{x.barcode}</bdi> },
          { key: 'client', title: t('column.client'), dataIndex: 'client_name' },
          { key: 'type', title: t('column.sampleType'), render: (_, x) => x.sample_type_name ?? '—' },
          { key: 'collected', title: t('column.collected'), render: (_, x) => when(x.collected_at) },
          { key: 'state', title: t('column.state'), render: (_, x) => <SampleStateTag state={x.state} /> },
          {
            key: 'condition',
            title: t('column.condition'),
            render: (_, x) =>
              x.condition ? <Tag color={x.condition === 'good' ? 'green' : 'orange'}>{t(`condition.${x.condition}`, { defaultValue: x.condition })}</Tag> : '—',
          },
          // The sample's status is the sender's to read until the testing laboratory has it.
          { key: 'status', title: t('column.sampleStatus'), render: (_, x) => <StatusTag code={x.status} /> },
        ]}
      />
      <h4 className="dsp-subtitle">{t('historyTitle')}</h4>
      <Table<Event>
        size="small"
        rowKey={(e) => `${e.at}-${e.to_status}`}
        dataSource={s.history}
        pagination={false}
        scroll={{ x: 'max-content' }}
        data-testid="shipment-history"
        columns={[
          { key: 'at', title: t('column.when'), render: (_, e) => when(e.at) },
          { key: 'by', title: t('column.by'), dataIndex: 'by' },
          {
            key: 'move',
            title: t('column.move'),
            render: (_, e) => (
              <span className="dsp-move">
                {e.from_status != null && (
                  <>
                    <span>{shipmentStatusText(t, e.from_status)}</span>
                    <span className="dsp-move__arrow" aria-hidden>
                      →
                    </span>
                  </>
                )}
                <strong>{shipmentStatusText(t, e.to_status)}</strong>
              </span>
            ),
          },
          { key: 'temperature', title: t('column.temperature'), render: (_, e) => degrees(e.temperature) },
          { key: 'reason', title: t('column.reason'), render: (_, e) => e.reason || '—' },
        ]}
      />
      {side == null && <Alert type="info" showIcon title={t('notYours')} className="dsp-alert" />}
    </Card>
  );
}

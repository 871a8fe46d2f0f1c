import { EditOutlined, MergeCellsOutlined } from '@ant-design/icons';
import { Alert, Button, Descriptions, Drawer, Spin, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLgas, useReference } from '../clinical/api';
import { formatDate } from '../../shared/format/format';
import { TABLET_UP, useMediaQuery } from '../../shared/page/useMediaQuery';
import { useClient } from './api';
import { ClientOrders } from './ClientOrders';
import { clientAge, registeredOn, sexLabel } from './facts';
import { MergeDialog } from './MergeDialog';
import { type ClientRecord, fullName } from './types';
import { useClientAccess } from './useClientAccess';

interface Props {
  clientId: number;
  onClose: () => void;
  onEdit: (client: ClientRecord) => void;
  /** Show another client in this drawer (the record a duplicate was merged into, or the one kept by a merge). */
  onOpen: (clientId: number) => void;
}

/** One client: details, identifiers, and the orders with their released results; edit and merge from here. */
export function ClientView({ clientId, onClose, onEdit, onOpen }: Props) {
  const { t } = useTranslation('clients');
  const wide = useMediaQuery(TABLET_UP);
  const access = useClientAccess();
  const { data: client } = useClient(clientId);
  const [merging, setMerging] = useState(false);
  const merged = client?.merged_into != null;
  const extra = client && !merged && (
    <div className="client-view__actions">
      {access.edit && (
        <Button icon={<EditOutlined />} onClick={() => onEdit(client)}>
          {t('action.edit')}
        </Button>
      )}
      {access.merge && (
        <Button icon={<MergeCellsOutlined />} onClick={() => setMerging(true)}>
          {t('merge.open')}
        </Button>
      )}
    </div>
  );
  // On a phone the actions open the body: the header is too narrow, and a footer would sit under the demo banner.
  return (
    <Drawer
      open
      onClose={onClose}
      title={client ? fullName(client) : t('view.title')}
      size={wide ? 640 : '100%'}
      className="client-view"
      extra={wide ? extra : undefined}
    >
      {!client ? (
        <Spin className="client-loading" />
      ) : (
        <>
          {!wide && extra}
          {merged && (
            <Alert
              type="warning"
              showIcon
              className="client-view__merged"
              title={t('view.merged', { date: formatDate(String(client.merged_at ?? '')) })}
              action={
                <Button size="small" onClick={() => onOpen(client.merged_into!)}>
                  {t('view.openKept')}
                </Button>
              }
            />
          )}
          <ClientDetails client={client} />
          <Typography.Title level={5} className="client-view__heading">
            {t('view.identifiers')}
          </Typography.Title>
          {client.identifiers.length ? (
            <dl className="client-idents-view">
              {client.identifiers.map((i) => (
                <div key={`${i.identifier_type}-${i.identifier}`}>
                  <dt>
                    <bdi>{i.identifier_type_name}</bdi>
                  </dt>
                  <dd>
                    <bdi className="client-identifier">{i.identifier}</bdi>
                  </dd>
                </div>
              ))}
            </dl>
          ) : (
            <p className="client-muted">{t('view.noIdentifiers')}</p>
          )}
          {!merged &&
            access.orderForms.map((form) => (
              <section key={form}>
                <Typography.Title level={5} className="client-view__heading">
                  {t('orders.title')} · {t(`orders.form.${form}`)}
                </Typography.Title>
                <ClientOrders clientId={client.id} form={form} />
              </section>
            ))}
          {merging && (
            <MergeDialog
              client={client}
              onClose={() => setMerging(false)}
              onMerged={(keep) => {
                setMerging(false);
                if (keep !== client.id) onOpen(keep);
              }}
            />
          )}
        </>
      )}
    </Drawer>
  );
}

/** Sex, age, date of birth, phone, address, state and LGA, and when the client was registered. */
export function ClientDetails({ client, column = { xs: 1, sm: 2 } }: { client: ClientRecord; column?: number | { xs: number; sm: number } }) {
  const { t } = useTranslation('clients');
  const states = useReference('state');
  const lgas = useLgas(client.state);
  const stateName = states.data?.find((s) => s.id === client.state)?.name;
  const lgaName = lgas.data?.find((l) => l.id === client.lga)?.name;
  const dash = (v: string | null | undefined) => v || '—';
  return (
    <Descriptions size="small" bordered column={column} className="client-details">
      <Descriptions.Item label={t('field.sex')}>{sexLabel(t, client.sex)}</Descriptions.Item>
      <Descriptions.Item label={t('column.age')}>{dash(clientAge(t, client))}</Descriptions.Item>
      <Descriptions.Item label={t('field.date_of_birth')}>
        {dash(formatDate(client.date_of_birth))}
        {client.dob_estimated && <span className="client-muted"> ({t('view.estimated')})</span>}
      </Descriptions.Item>
      <Descriptions.Item label={t('field.phone')}>{client.phone ? <bdi>{client.phone}</bdi> : '—'}</Descriptions.Item>
      <Descriptions.Item label={t('field.other_names')}>{client.other_names ? <bdi>{client.other_names}</bdi> : '—'}</Descriptions.Item>
      <Descriptions.Item label={t('field.address')}>{client.address ? <bdi>{client.address}</bdi> : '—'}</Descriptions.Item>
      <Descriptions.Item label={t('field.state')}>{dash(stateName)}</Descriptions.Item>
      <Descriptions.Item label={t('field.lga')}>{dash(lgaName)}</Descriptions.Item>
      <Descriptions.Item label={t('column.registered')}>{registeredOn(client)}</Descriptions.Item>
    </Descriptions>
  );
}

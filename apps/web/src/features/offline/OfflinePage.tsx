import { SyncOutlined } from '@ant-design/icons';
import { type OfflineReference, requestFormSpecOf } from '@nlims/contracts';
import { Alert, Button, Space, Tag } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../auth/useSession';
import { ClinicalPage } from '../../shared/page/ClinicalPage';
import { formatDateTime } from '../../shared/format/format';
import type { PageProps } from '../../shared/page/pageProps';
import { LabelSheet } from './LabelSheet';
import { RecordForm } from './RecordForm';
import { RecordList } from './RecordList';
import { deviceOf, type OfflineDeviceState, type OfflineRecord, referenceOf } from './store';
import { prepareDevice, syncRecords } from './sync';
import { unsent, useOfflineRecords } from './useOfflineRecords';
import { useOnline } from './useOnline';

/**
 * Offline registration (`/offline-registration`): register clients, requests
 * and collected samples with or without a connection. Each record waits on
 * the device (IndexedDB) with its provisional numbers and is sent when the
 * connection returns, on demand, or every minute; its state and the server's
 * reason for a refusal are shown here.
 */
export default function OfflinePage({ page }: PageProps) {
  const { t, i18n } = useTranslation(['offline', 'clinical']);
  const user = useSession().user?.username ?? '';
  const online = useOnline();
  const { records } = useOfflineRecords();
  const [device, setDevice] = useState<OfflineDeviceState | null>(null);
  const [reference, setReference] = useState<{ fetched: string; data: OfflineReference } | null>(null);
  const [ready, setReady] = useState(false);
  const [failed, setFailed] = useState(false);
  const [printing, setPrinting] = useState<OfflineRecord | null>(null);
  const [syncing, setSyncing] = useState(false);

  const load = useCallback(async () => {
    setDevice((await deviceOf(user)) ?? null);
    setReference((await referenceOf(user)) ?? null);
    setReady(true);
  }, [user]);

  // Online: register the device once and take a fresh copy of the lists; offline, the last copy serves.
  useEffect(() => {
    if (!user) return;
    void (async () => {
      await load();
      if (!online) return;
      try {
        await prepareDevice(user, !!(await deviceOf(user)));
        setFailed(false);
      } catch {
        setFailed(true);
      }
      await load();
    })();
  }, [user, online, load]);

  // The request forms' wording is loaded now, so it is at hand without a connection.
  const programs = reference?.data.programs.map((p) => p.name).join('|') ?? '';
  useEffect(() => {
    const namespaces = [...new Set(programs.split('|').flatMap((p) => requestFormSpecOf(p)?.namespace ?? []))];
    if (namespaces.length) void i18n.loadNamespaces(namespaces);
  }, [programs, i18n]);

  const syncNow = async () => {
    setSyncing(true);
    try {
      await syncRecords(user);
    } finally {
      setSyncing(false);
    }
  };

  const waiting = unsent(records).length;
  const extra = (
    <Space wrap>
      <Tag color={online ? 'green' : 'default'} data-testid="offline-connection">
        {t(online ? 'status.online' : 'status.offline')}
      </Tag>
      <Tag data-testid="offline-waiting">{t('status.waiting', { n: waiting })}</Tag>
      <Button icon={<SyncOutlined />} onClick={() => void syncNow()} loading={syncing} disabled={!online || !waiting} data-testid="offline-sync">
        {t('action.sync')}
      </Button>
    </Space>
  );

  return (
    <ClinicalPage page={page} extra={extra}>
      {failed && <Alert type="warning" showIcon title={t('status.prepareFailed')} style={{ marginBottom: 16 }} />}
      {ready && (!device || !reference) ? (
        <Alert type="info" showIcon title={t('status.connectFirst')} />
      ) : (
        device &&
        reference && (
          <>
            <Alert
              type="info"
              showIcon
              style={{ marginBottom: 16 }}
              title={t('status.device', { prefix: device.prefix, at: formatDateTime(reference.fetched) })}
            />
            <RecordForm
              user={user}
              reference={reference.data}
              onSaved={(record) => {
                setPrinting(record);
                if (navigator.onLine) void syncRecords(user);
              }}
            />
          </>
        )
      )}
      <div style={{ marginTop: 24 }}>
        <RecordList records={records} onPrint={setPrinting} />
      </div>
      <LabelSheet record={printing} onClose={() => setPrinting(null)} />
    </ClinicalPage>
  );
}

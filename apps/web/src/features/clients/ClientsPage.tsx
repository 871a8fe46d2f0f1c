import { SearchOutlined, UserAddOutlined } from '@ant-design/icons';
import { DEFAULT_PAGE_SIZE } from '@nlims/contracts';
import { Button, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ClinicalPage } from '../../shared/page/ClinicalPage';
import { usePagedParams } from '../../shared/list/usePagedParams';
import type { PageProps } from '../../shared/page/pageProps';
import { type ClientListParams, useClients } from './api';
import { ClientDrawer } from './ClientDrawer';
import { ClientList } from './ClientList';
import { ClientView } from './ClientView';
import type { ClientRecord } from './types';
import { useClientAccess } from './useClientAccess';
import './clients.css';

/**
 * The client register (`/clients`): the facility's clients, shared by its
 * programmes. Find by name, phone or identifier; view a client with their
 * orders and results; register, edit, and (supervisors) merge duplicates.
 */
export default function ClientsPage({ page }: PageProps) {
  const { t } = useTranslation('clients');
  const access = useClientAccess();
  const list = usePagedParams<ClientListParams>({ pageIndex: 0, pageSize: DEFAULT_PAGE_SIZE });
  const { data, isFetching } = useClients(list.params);
  const [viewing, setViewing] = useState<number | null>(null);
  /** The form drawer: the client being edited, or none while registering one (kept while the drawer closes). */
  const [form, setForm] = useState<{ open: boolean; client: ClientRecord | null }>({ open: false, client: null });
  const extra = access.edit && (
    <Button type="primary" icon={<UserAddOutlined />} onClick={() => setForm({ open: true, client: null })}>
      {t('action.register')}
    </Button>
  );
  return (
    <ClinicalPage page={page} extra={extra} className="clients-page">
      <div className="clin-toolbar">
        <Input
          allowClear
          prefix={<SearchOutlined />}
          placeholder={t('list.search')}
          aria-label={t('list.search')}
          value={list.searchText}
          onChange={(e) => list.setSearchText(e.target.value)}
        />
      </div>
      <ClientList list={list} data={data} loading={isFetching} onView={(c) => setViewing(c.id)} />
      {viewing != null && (
        <ClientView clientId={viewing} onClose={() => setViewing(null)} onEdit={(client) => setForm({ open: true, client })} onOpen={setViewing} />
      )}
      <ClientDrawer open={form.open} client={form.client} onClose={() => setForm((f) => ({ ...f, open: false }))} />
    </ClinicalPage>
  );
}

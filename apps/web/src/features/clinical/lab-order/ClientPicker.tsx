import { UserAddOutlined } from '@ant-design/icons';
import { Button, Card, Select, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useClientSearch } from '../api';
import { ClientFacts, hospitalNumber } from '../common/ClientSummary';
import type { Client } from '../types';
import { Slot, useSlotFills } from '../../../shared/registry';
import { ORDER_CLIENT_REGISTER } from '../slots';

const DEBOUNCE_MS = 400;
const fullName = (c: Client) => [c.first_name, c.other_names, c.last_name].filter(Boolean).join(' ');

interface Props {
  id?: string;
  value?: number;
  onChange?: (id: number | undefined) => void;
}

/** Find a client by name, phone or any identifier, or register a new one. Form control for `client`. */
export function ClientPicker({ id, value, onChange }: Props) {
  const { t } = useTranslation('clinical');
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  const [chosen, setChosen] = useState<Client | null>(null);
  const [registering, setRegistering] = useState(false);
  // The client register's form, where its module is in the app.
  const mayRegister = useSlotFills(ORDER_CLIENT_REGISTER).length > 0;
  useEffect(() => {
    const timer = setTimeout(() => setSearch(typed), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [typed]);
  useEffect(() => {
    if (value == null) setChosen(null);
  }, [value]);
  const { data, isFetching } = useClientSearch(search);
  const found = data?.results ?? [];
  const pick = (client: Client | null) => {
    setChosen(client);
    onChange?.(client?.id);
  };

  if (chosen && value === chosen.id) {
    return (
      <Card size="small" className="client-chosen">
        <Typography.Text strong>{fullName(chosen)}</Typography.Text>
        <div>
          <ClientFacts client={chosen} />
        </div>
        {chosen.phone && <div className="clin-muted">{chosen.phone}</div>}
        <Button size="small" onClick={() => pick(null)} style={{ marginTop: 8 }}>
          {t('client.change')}
        </Button>
      </Card>
    );
  }
  return (
    <div className="clin-toolbar">
      <Select
        id={id}
        style={{ flex: '1 1 260px' }}
        placeholder={t('client.searchPlaceholder')}
        aria-label={t('client.searchPlaceholder')}
        value={null}
        showSearch={{ filterOption: false, onSearch: setTyped }}
        loading={isFetching}
        notFoundContent={search.trim().length < 2 ? t('client.typeToSearch') : isFetching ? t('common.loading') : t('client.noneFound')}
        options={found.map((c) => ({ value: c.id, label: `${fullName(c)} · ${hospitalNumber(c)}${c.phone ? ` · ${c.phone}` : ''}` }))}
        onChange={(picked: number) => pick(found.find((c) => c.id === picked) ?? null)}
      />
      {mayRegister && (
        <Button icon={<UserAddOutlined />} onClick={() => setRegistering(true)}>
          {t('client.register')}
        </Button>
      )}
      <Slot slot={ORDER_CLIENT_REGISTER} open={registering} onClose={() => setRegistering(false)} onSaved={(client) => pick(client)} />
    </div>
  );
}

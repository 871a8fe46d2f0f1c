import { SwapOutlined } from '@ant-design/icons';
import { MERGE_CONFIRMATION, mergeDifferences } from '@nlims/contracts';
import { Alert, Button, Input, Modal, Select, Tag } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorDetail } from '../../shared/forms/forms';
import { formatDate } from '../../shared/format/format';
import { useNotices } from '../../shared/notices';
import { TABLET_UP, useMediaQuery } from '../../shared/page/useMediaQuery';
import { useClientSearch, useMergeClients } from './api';
import { clientAge, hospitalNumberOf, registeredOn, sexLabel } from './facts';
import { type ClientRecord, fullName } from './types';

const DEBOUNCE_MS = 400;

interface Props {
  /** The record the dialog was opened from; kept unless the user swaps. */
  client: ClientRecord;
  onClose: () => void;
  /** After a merge: the id of the record kept. */
  onMerged: (keep: number) => void;
}

/** "Amaka Eze (H-1234)": how a record is named in the confirmation. */
const label = (c: ClientRecord) => `${fullName(c)} (${hospitalNumberOf(c)})`;

/**
 * Merge a duplicate: find the other record, compare both side by side, choose
 * which one stays, and confirm a dialog naming both. Irreversible; only
 * supervisors see the button that opens this.
 */
export function MergeDialog({ client, onClose, onMerged }: Props) {
  const { t, i18n } = useTranslation('clients');
  const wide = useMediaQuery(TABLET_UP);
  const { message } = useNotices();
  const [modal, modalHolder] = Modal.useModal();
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  const [other, setOther] = useState<ClientRecord | null>(null);
  const [keepOther, setKeepOther] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [confirmation, setConfirmation] = useState('');
  const merge = useMergeClients();
  useEffect(() => {
    const timer = setTimeout(() => setSearch(typed), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [typed]);
  const found = (useClientSearch(search).data?.results ?? []).filter((c) => c.id !== client.id);
  // The chosen record stays among the choices when the search moves on.
  const choices = other && !found.some((c) => c.id === other.id) ? [other, ...found] : found;
  const searching = search.trim().length >= 2;

  const keep = other && keepOther ? other : client;
  const duplicate = other && keepOther ? client : other;
  // Records whose names, sex or date of birth differ may be two people: the merge is typed out (the server asks the same).
  const differ = duplicate ? mergeDifferences(keep, duplicate) : [];
  const confirmed = differ.length === 0 || confirmation.trim().toUpperCase() === MERGE_CONFIRMATION;

  const confirm = () => {
    if (!duplicate) return;
    setProblem(null);
    void modal.confirm({
      title: t('merge.confirmTitle'),
      content: t('merge.confirmText', { duplicate: label(duplicate), keep: label(keep) }),
      okText: t('merge.confirm'),
      okButtonProps: { danger: true },
      cancelText: t('action.cancel'),
      onOk: async () => {
        try {
          await merge.mutateAsync({ keep: keep.id, duplicate: duplicate.id, confirm: differ.length ? MERGE_CONFIRMATION : undefined });
          void message.success(t('merge.done', { duplicate: label(duplicate), keep: label(keep) }));
          onMerged(keep.id);
        } catch (error) {
          setProblem(errorDetail(error));
        }
      },
    });
  };

  return (
    <Modal
      open
      onCancel={onClose}
      title={t('merge.title')}
      width={wide ? 860 : '100%'}
      className="client-merge"
      footer={[
        <Button key="cancel" onClick={onClose}>
          {t('action.cancel')}
        </Button>,
        <Button key="merge" type="primary" danger disabled={!duplicate || !confirmed} loading={merge.isPending} onClick={confirm}>
          {t('merge.submit')}
        </Button>,
      ]}
    >
      <p>{t('merge.intro')}</p>
      <Select
        className="client-merge__search"
        placeholder={t('merge.searchPlaceholder')}
        aria-label={t('merge.searchPlaceholder')}
        value={other?.id ?? null}
        showSearch={{ filterOption: false, onSearch: setTyped }}
        notFoundContent={searching ? t('merge.noneFound') : t('merge.typeToSearch')}
        options={choices.map((c) => ({ value: c.id, label: <OptionLabel client={c} /> }))}
        onChange={(id: number) => {
          setOther(choices.find((c) => c.id === id) ?? null);
          setKeepOther(false);
          setProblem(null);
          setConfirmation('');
        }}
      />
      {other && (
        <>
          <div className="client-merge__pair">
            <RecordColumn client={keep} part="keep" />
            <Button
              className="client-merge__swap"
              icon={<SwapOutlined />}
              onClick={() => setKeepOther((v) => !v)}
              aria-label={t('merge.swap')}
              title={t('merge.swap')}
            />
            <RecordColumn client={duplicate!} part="duplicate" />
          </div>
          <Alert type="warning" showIcon title={t('merge.effect', { duplicate: label(duplicate!), keep: label(keep) })} />
          {differ.length > 0 && (
            <div className="client-merge__differ">
              <Alert
                type="error"
                showIcon
                title={t('merge.differ', { facts: differ.map((f) => t(`field.${f}`).toLocaleLowerCase(i18n.language)).join(', ') })}
                description={t('merge.typeToConfirm', { word: MERGE_CONFIRMATION })}
              />
              <Input
                className="client-merge__confirmation"
                aria-label={t('merge.typeToConfirm', { word: MERGE_CONFIRMATION })}
                placeholder={MERGE_CONFIRMATION}
                value={confirmation}
                onChange={(e) => setConfirmation(e.target.value)}
                autoComplete="off"
              />
            </div>
          )}
        </>
      )}
      {problem && <Alert type="error" showIcon title={problem} style={{ marginTop: 12 }} />}
      {modalHolder}
    </Modal>
  );
}

/** "Name · number · phone · date", each part kept in its own direction (names and numbers in right-to-left text). */
function OptionLabel({ client }: { client: ClientRecord }) {
  return (
    <>
      <bdi>{fullName(client)}</bdi> · <bdi>{hospitalNumberOf(client)}</bdi>
      {client.phone && (
        <>
          {' · '}
          <bdi>{client.phone}</bdi>
        </>
      )}
      {' · '}
      <bdi>{registeredOn(client)}</bdi>
    </>
  );
}

/** One record of the pair, with the role it will have: kept, or merged into the other. */
function RecordColumn({ client, part }: { client: ClientRecord; part: 'keep' | 'duplicate' }) {
  const { t } = useTranslation('clients');
  const rows: [string, string][] = [
    [t('field.sex'), sexLabel(t, client.sex)],
    [t('field.date_of_birth'), formatDate(client.date_of_birth) || '—'],
    [t('column.age'), clientAge(t, client) || '—'],
    [t('field.phone'), client.phone || '—'],
    [t('field.address'), client.address || '—'],
    [t('column.registered'), registeredOn(client)],
  ];
  return (
    <section className={`client-merge__record client-merge__record--${part}`} aria-label={t(`merge.${part}`)}>
      <Tag color={part === 'keep' ? 'green' : 'orange'}>{t(`merge.${part}`)}</Tag>
      <div className="client-merge__name">{fullName(client)}</div>
      <dl>
        {rows.map(([name, value]) => (
          <div key={name}>
            <dt>{name}</dt>
            <dd>
              <bdi>{value}</bdi>
            </dd>
          </div>
        ))}
        <div>
          <dt>{t('field.identifiers')}</dt>
          <dd>
            {client.identifiers.length
              ? client.identifiers.map((i) => (
                  <div key={`${i.identifier_type}-${i.identifier}`}>
                    <bdi>{i.identifier_type_name}</bdi>: <bdi className="client-identifier">{i.identifier}</bdi>
                  </div>
                ))
              : '—'}
          </dd>
        </div>
      </dl>
    </section>
  );
}

import { CloseOutlined, ScanOutlined } from '@ant-design/icons';
import type { AssetBulkCheckOutReply } from '@nlims/contracts';
import { Alert, Button, Card, Form, Input, type InputRef, List, Modal, Result, Space, Tag } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ApiError } from '../../api/errors';
import { ClinicalPage } from '../../shared/page/ClinicalPage';
import type { PageProps } from '../../shared/page/pageProps';
import { assetByTag, useBulkCheckOut } from './api';
import { CHECKOUT_FIELDS, CheckOutFields, type CheckOutValues, checkOutBody, targetField } from './CheckOutFields';
import { checkoutText, StatusTag } from './labels';
import { addScan, judged, refusedBy, removeScan, type Scanned, sendable } from './scanList';
import { showOnFields } from './serverErrors';
import './assets.css';

/**
 * `/commodities/bulkCheckOutAsset`: the form filled once (to a bench, a person or a location; expected return; note),
 * then the tags scanned one after another into an input that keeps the focus (a scanner types the tag and Enter);
 * each is looked up and listed with its asset or why it cannot go; all are checked out at once, or none.
 */
export default function BulkCheckOutPage({ page }: PageProps) {
  const { t } = useTranslation('assets');
  const [form] = Form.useForm<CheckOutValues>();
  const navigate = useNavigate();
  const [modal, holder] = Modal.useModal();
  const scanner = useRef<InputRef>(null);
  const [scan, setScan] = useState('');
  const [list, setList] = useState<Scanned[]>([]);
  const [notice, setNotice] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState<AssetBulkCheckOutReply | null>(null);
  const bulk = useBulkCheckOut();
  const { tags, blocked } = sendable(list);
  const refocus = () => setTimeout(() => scanner.current?.focus(), 0);

  const scanned = async () => {
    const tag = scan.trim();
    setScan('');
    refocus();
    const next = addScan(list, tag);
    if (!next.added) {
      setNotice(tag ? t('bulk.already', { tag }) : null);
      return;
    }
    setNotice(null);
    setList(next.list);
    try {
      const asset = await assetByTag(tag);
      setList((now) => judged(now, tag, asset));
    } catch (error) {
      if (error instanceof ApiError && (error.status === 404 || error.status === 400)) setList((now) => judged(now, tag, null));
      else setList((now) => now.map((s) => (s.tag === tag ? { ...s, state: 'refused', message: t('bulk.lookupFailed') } : s)));
    }
  };

  const submit = async () => {
    setProblem(null);
    let values: CheckOutValues;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    modal.confirm({
      title: t('bulk.confirmTitle', { count: tags.length }),
      content: t('bulk.confirmText', { count: tags.length }),
      okText: t('bulk.submit', { count: tags.length }),
      cancelText: t('cancel'),
      onOk: async () => {
        try {
          setDone(await bulk.mutateAsync({ ...checkOutBody(values), tags }));
          setList([]);
        } catch (error) {
          const fields = error instanceof ApiError ? error.fieldErrors : undefined;
          if (fields) setList((now) => refusedBy(now, tags, fields));
          const rest = showOnFields(form, error, CHECKOUT_FIELDS, targetField).filter((line) => !line.startsWith('tags.'));
          setProblem(rest.length ? rest.join('\n') : fields && Object.keys(fields).some((k) => k.startsWith('tags')) ? t('bulk.refused') : null);
        }
      },
    });
  };

  const stateTag = (s: Scanned) =>
    s.state === 'ready' ? (
      <Tag color="green">{t('bulk.ready')}</Tag>
    ) : s.state === 'checking' ? (
      <Tag>{t('bulk.checking')}</Tag>
    ) : (
      <Tag color="red">{t(s.state === 'refused' ? 'bulk.refusedState' : `bulk.${s.state}`)}</Tag>
    );

  if (done)
    return (
      <ClinicalPage page={page} className="asset-page">
        <Result
          status="success"
          title={t('bulk.doneTitle', { count: done.checked_out.length, to: done.to_name })}
          subTitle={done.checked_out.map((a) => `${a.tag} · ${a.name}`).join(', ')}
          extra={[
            <Button
              type="primary"
              key="more"
              onClick={() => {
                setDone(null);
                refocus();
              }}
            >
              {t('bulk.more')}
            </Button>,
            <Button key="register" onClick={() => navigate('/commodities/asset?checked_out=1')}>
              {t('bulk.toRegister')}
            </Button>,
          ]}
          data-testid="bulk-done"
        />
      </ClinicalPage>
    );

  return (
    <ClinicalPage page={page} className="asset-page">
      {holder}
      <div className="asset-bulk">
        <Card title={t('bulk.step1')}>
          <Form form={form} layout="vertical" initialValues={{ to: 'bench' }} data-testid="bulk-form">
            <CheckOutFields />
          </Form>
        </Card>
        <Card title={t('bulk.step2')}>
          <Input
            ref={scanner}
            autoFocus
            size="large"
            className="asset-scan"
            prefix={<ScanOutlined />}
            placeholder={t('bulk.scanPlaceholder')}
            value={scan}
            dir="ltr"
            autoComplete="off"
            maxLength={40}
            onChange={(e) => setScan(e.target.value)}
            onPressEnter={() => void scanned()}
            data-testid="bulk-scan"
          />
          {notice && <Alert type="info" showIcon className="asset-alert" title={notice} />}
          <List
            className="asset-scanned"
            locale={{ emptyText: <span className="clin-muted">{t('bulk.empty')}</span> }}
            dataSource={list}
            renderItem={(s) => (
              <List.Item
                className={s.state === 'ready' || s.state === 'checking' ? '' : 'asset-scanned__item--error'}
                data-testid="bulk-item"
                data-state={s.state}
                actions={[
                  <Button
                    key="remove"
                    type="text"
                    icon={<CloseOutlined />}
                    aria-label={t('bulk.remove', { tag: s.tag })}
                    onClick={() => {
                      setList((now) => removeScan(now, s.tag));
                      refocus();
                    }}
                  />,
                ]}
              >
                <List.Item.Meta
                  title={
                    <Space wrap>
                      <bdi className="asset-code">{s.tag}</bdi>
                      {stateTag(s)}
                      {s.asset && s.asset.status !== 'in_use' && <StatusTag status={s.asset.status} />}
                    </Space>
                  }
                  description={
                    <span>
                      {s.asset && <span className="asset-name">{s.asset.name}</span>}
                      {s.state === 'out' && s.asset?.checkout && <span className="asset-block">{checkoutText(t, s.asset.checkout)}</span>}
                      {s.state === 'unknown' && t('bulk.unknownText')}
                      {s.message && <span className="asset-block">{s.message}</span>}
                    </span>
                  }
                />
              </List.Item>
            )}
          />
          {blocked && list.length > 0 && <Alert type="warning" showIcon className="asset-alert" title={t('bulk.blocked')} />}
          {problem && <Alert type="error" showIcon className="asset-alert" title={problem} />}
          <Button
            type="primary"
            size="large"
            disabled={!tags.length || blocked}
            loading={bulk.isPending}
            onClick={() => void submit()}
            data-testid="bulk-submit"
          >
            {t('bulk.submit', { count: tags.length })}
          </Button>
        </Card>
      </div>
    </ClinicalPage>
  );
}

import { DownloadOutlined } from '@ant-design/icons';
import type { ImportPreview, ImportRow, WorksheetDetail } from '@nlims/contracts';
import { Alert, Button, Card, Descriptions, Input, Modal, Space, Table, Tag, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ltr } from '../../shared/format/figures';
import { formatDateTime } from '../../shared/format/format';
import { queryState } from '../../shared/page/QueryState';
import { errorDetail } from '../../shared/forms/forms';
import { downloadFile, printFile, viewFile } from '../../shared/files';
import { readResultFileText, useCancelWorksheet, useResultFile, useWorksheet } from './api';
import { PlateGrid, type Well } from './PlateGrid';

const STATE_COLOR: Record<string, string> = { open: 'blue', closed: 'green', failed: 'red', cancelled: 'default' };

/** The wells of a saved worksheet as the plate shows them. */
export const wellsOf = (ws: WorksheetDetail): Well[] =>
  ws.positions.map((p) => ({
    well: p.well,
    kind: p.kind,
    label: p.kind === 'sample' ? (p.barcode ?? '') : p.kind === 'duplicate' && p.barcode ? `${p.label}: ${p.barcode}` : p.label,
    barcode: (p.kind === 'sample' || p.kind === 'duplicate') && p.barcode ? p.barcode : undefined,
    urgent: p.priority === 'urgent',
    value: p.result_value ?? p.result_text,
    outcome: p.outcome,
  }));

/**
 * One worksheet: its plate, the plate map to print and the worklist for the analyser, and — while it is open — the
 * analyser's results file: previewed first (each line matched to a well, the controls judged, unmatched IDs and
 * instrument errors apart), then saved after a confirmation. A closed worksheet shows what each well gave.
 */
export function WorksheetView({ id, onClose }: { id: number; onClose: () => void }) {
  const { t } = useTranslation('worksheets');
  const ws = useWorksheet(id);
  const waiting = queryState(ws, t('loadError'));
  if (waiting || !ws.data) return waiting;
  const w = ws.data;
  return (
    <Card
      className="ws-view"
      data-testid="worksheet-view"
      title={
        <Space wrap>
          <span>{t('worksheetTitle', { number: w.number })}</span>
          <Tag color={STATE_COLOR[w.state]}>{t(`state.${w.state}`)}</Tag>
        </Space>
      }
      extra={<Button onClick={onClose}>{t('back')}</Button>}
    >
      <Descriptions size="small" column={{ xs: 1, sm: 2, lg: 3 }} className="ws-view__facts">
        <Descriptions.Item label={t('test')}>{w.test_type_name}</Descriptions.Item>
        <Descriptions.Item label={t('template')}>{w.template_name}</Descriptions.Item>
        <Descriptions.Item label={t('machine')}>{w.machine_name ?? '—'}</Descriptions.Item>
        <Descriptions.Item label={t('samples')}>{w.samples}</Descriptions.Item>
        <Descriptions.Item label={t('createdBy')}>{`${w.created_by_name}, ${ltr(formatDateTime(w.created_at))}`}</Descriptions.Item>
        {w.closed_at && <Descriptions.Item label={t('closedAt')}>{ltr(formatDateTime(w.closed_at))}</Descriptions.Item>}
        {w.file_name && (
          <Descriptions.Item label={t('file')}>
            <ResultsFileLink id={w.id} name={w.file_name} />
          </Descriptions.Item>
        )}
      </Descriptions>
      {w.reason && <Alert type={w.state === 'failed' ? 'error' : 'info'} showIcon title={w.reason} className="ws-view__alert" />}
      <Space wrap className="ws-view__actions clin-no-print">
        <Button type="primary" onClick={() => void printFile(`/api/worksheet/${w.id}/plate.pdf`)}>
          {t('printPlate')}
        </Button>
        <Button onClick={() => void viewFile(`/api/worksheet/${w.id}/plate.pdf`)}>{t('viewPlate')}</Button>
        <Button onClick={() => void downloadFile(`/api/worksheet/${w.id}/worklist/`, `${w.number}-worklist.${w.format === 'genexpert' ? 'txt' : 'csv'}`)}>
          {t('downloadWorklist')}
        </Button>
        {w.state === 'open' && <CancelButton id={w.id} number={w.number} />}
      </Space>
      <PlateGrid size={w.size} wells={wellsOf(w)} />
      {w.state === 'open' && <ResultFile id={w.id} number={w.number} />}
    </Card>
  );
}

/** The analyser's file the worksheet was closed with, downloaded as it was imported. */
function ResultsFileLink({ id, name }: { id: number; name: string }) {
  const { t } = useTranslation('worksheets');
  const [busy, setBusy] = useState(false);
  // saved under its own name, without the folders an API client may have sent
  const saveAs = name.split(/[\\/]/).pop() || name;
  const download = async () => {
    setBusy(true);
    try {
      await downloadFile(`/api/worksheet/${id}/results_file/`, saveAs);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      type="link"
      icon={<DownloadOutlined />}
      loading={busy}
      onClick={() => void download().catch(() => undefined)}
      className="ws-view__file"
      aria-label={t('downloadResultsFile', { name: saveAs })}
      data-testid="ws-results-file"
    >
      <bdi>{saveAs}</bdi>
    </Button>
  );
}

function CancelButton({ id, number }: { id: number; number: string }) {
  const { t } = useTranslation('worksheets');
  const cancel = useCancelWorksheet(id);
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  return (
    <>
      <Button danger onClick={() => setOpen(true)}>
        {t('cancel')}
      </Button>
      <Modal
        open={open}
        title={t('cancelTitle', { number })}
        okText={t('cancelConfirm')}
        okButtonProps={{ danger: true, loading: cancel.isPending }}
        cancelText={t('keep')}
        onCancel={() => setOpen(false)}
        onOk={async () => {
          try {
            await cancel.mutateAsync(reason);
            setOpen(false);
          } catch (error) {
            setProblem(errorDetail(error));
          }
        }}
      >
        <p>{t('cancelText')}</p>
        <Input.TextArea aria-label={t('reason')} placeholder={t('reason')} value={reason} onChange={(e) => setReason(e.target.value)} maxLength={500} />
        {problem && <Alert type="error" showIcon title={problem} className="ws-view__alert" />}
      </Modal>
    </>
  );
}

/** Choose the analyser's file, read its preview, then save it. */
function ResultFile({ id, number }: { id: number; number: string }) {
  const { t } = useTranslation('worksheets');
  const [modal, holder] = Modal.useModal();
  const { preview, save } = useResultFile(id);
  const [file, setFile] = useState<{ file_name: string; content: string } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const read = async (chosen: File) => {
    setProblem(null);
    preview.reset();
    const body = { file_name: chosen.name, content: await readResultFileText(chosen) };
    setFile(body);
    try {
      await preview.mutateAsync(body);
    } catch (error) {
      setProblem(errorDetail(error) ?? t('readError'));
    }
    return false;
  };
  const confirmSave = (p: ImportPreview) =>
    modal.confirm({
      title: p.passed ? t('saveTitle', { number }) : t('failTitle', { number }),
      content: p.passed ? t('saveText', { results: p.counts.results, retest: p.counts.retest }) : t('failText', { retest: p.counts.retest }),
      okText: p.passed ? t('saveResults') : t('sendRetest'),
      okButtonProps: { danger: !p.passed },
      cancelText: t('keep'),
      onOk: async () => {
        try {
          await save.mutateAsync(file!);
        } catch (error) {
          setProblem(errorDetail(error) ?? t('saveError'));
        }
      },
    });
  const p = preview.data;
  return (
    <Card size="small" title={t('resultsFile')} className="ws-file clin-no-print">
      {holder}
      <Upload accept=".txt,.csv,.tsv,.log,.xls,.hl7,text/plain,text/csv" beforeUpload={read} showUploadList={false} maxCount={1}>
        <Button loading={preview.isPending} data-testid="ws-file-choose">
          {file ? t('chooseAnother') : t('chooseFile')}
        </Button>
      </Upload>
      {file && <span className="ws-file__name">{file.file_name}</span>}
      {problem && <Alert type="error" showIcon title={problem} className="ws-view__alert" data-testid="ws-file-error" />}
      {p && (
        <div className="ws-preview" data-testid="ws-preview">
          <Alert
            showIcon
            className="ws-view__alert"
            type={p.passed ? 'success' : 'error'}
            title={p.passed ? t('previewPassed', { results: p.counts.results, retest: p.counts.retest }) : t('previewFailed', { retest: p.counts.retest })}
          />
          <Table
            size="small"
            rowKey="well"
            pagination={false}
            dataSource={p.controls}
            title={() => t('controls')}
            columns={[
              { key: 'well', title: t('column.well'), dataIndex: 'well' },
              { key: 'label', title: t('column.control'), dataIndex: 'label' },
              { key: 'text', title: t('column.fileValue'), render: (_, c) => <bdi>{c.text ?? '—'}</bdi> },
              {
                key: 'passed',
                title: t('column.verdict'),
                render: (_, c) => (c.passed ? <Tag color="green">{t('passed')}</Tag> : <Tag color="red">{t('failed')}</Tag>),
              },
              { key: 'reason', title: t('column.reason'), render: (_, c) => c.reason ?? '' },
            ]}
          />
          <Table<ImportRow>
            size="small"
            rowKey="line"
            pagination={{ pageSize: 24, hideOnSinglePage: true }}
            dataSource={p.rows.filter((r) => r.kind !== 'control')}
            title={() => t('rows')}
            scroll={{ x: 'max-content' }}
            rowClassName={(r) => (r.problem ? 'ws-preview__problem' : '')}
            columns={[
              { key: 'line', title: t('column.line'), dataIndex: 'line' },
              { key: 'id', title: t('column.sampleId'), dataIndex: 'sample_id' },
              { key: 'well', title: t('column.well'), render: (_, r) => r.well ?? '—' },
              { key: 'text', title: t('column.fileValue'), render: (_, r) => <bdi>{r.text || '—'}</bdi> },
              { key: 'value', title: t('column.value'), render: (_, r) => <bdi dir="ltr">{r.value ?? '—'}</bdi> },
              {
                key: 'problem',
                title: t('column.outcome'),
                render: (_, r) =>
                  r.kind === 'unmatched' ? (
                    <Tag color="orange">{t('unmatched')}</Tag>
                  ) : r.kind === 'duplicate' ? (
                    <Tag color="gold">{t('duplicateRecorded', { well: r.well })}</Tag>
                  ) : r.problem ? (
                    <span>
                      <Tag color="red">{t('retest')}</Tag>
                      {r.problem}
                    </span>
                  ) : (
                    <Tag color="green">{p.passed ? t('entered') : t('retest')}</Tag>
                  ),
              },
            ]}
          />
          {p.missing.length > 0 && (
            <Alert
              type="warning"
              showIcon
              className="ws-view__alert"
              title={t('missing', { wells: p.missing.map((m) => `${m.well} ${m.barcode}`).join(', ') })}
            />
          )}
          <Button type="primary" danger={!p.passed} loading={save.isPending} onClick={() => confirmSave(p)} data-testid="ws-save">
            {p.passed ? t('saveResults') : t('sendRetest')}
          </Button>
        </div>
      )}
    </Card>
  );
}

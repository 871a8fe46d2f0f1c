import { type FillOrder, type PlateSize, plateWells, type WorksheetCandidate, type WorksheetTemplateItem } from '@nlims/contracts';
import { Alert, Button, Card, Empty, Select, Space, Spin, Table, Tag, Modal } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../shared/page/LoadError';
import { formatDateTime } from '../../shared/format/format';
import { errorDetail } from '../../shared/forms/forms';
import type { Machine } from '../qc/api';
import { useCreateWorksheet, useProposal } from './api';
import { PlateGrid, type Well } from './PlateGrid';
import { MachineWarning, useMachineAvailability } from '../assets/availability';

type Placed = Record<string, WorksheetCandidate>;

/**
 * A new worksheet: choose a template; its free wells are filled from the workplan (urgent first, then oldest); the
 * user swaps two samples (click one, then the other), moves one to an empty well, removes one, or adds one of those
 * left waiting, then saves — the samples move to WORKSHEET.
 */
export function WorksheetBuilder({
  templates,
  machines,
  onCreated,
}: {
  templates: WorksheetTemplateItem[];
  machines: Machine[];
  onCreated: (id: number) => void;
}) {
  const { t } = useTranslation('worksheets');
  const [modal, holder] = Modal.useModal();
  const active = templates.filter((x) => x.is_active);
  const [template, setTemplate] = useState<number | null>(active[0]?.id ?? null);
  const [machine, setMachine] = useState<number | null>(null);
  // An analyser under repair, out of service or past its calibration is offered disabled, with why (the template's own too).
  const machineAvailability = useMachineAvailability();
  const proposal = useProposal(template);
  const create = useCreateWorksheet();
  const [placed, setPlaced] = useState<Placed>({});
  const [waiting, setWaiting] = useState<WorksheetCandidate[]>([]);
  const [selected, setSelected] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const chosen = proposal.data?.template;

  useEffect(() => {
    if (!proposal.data) return;
    setPlaced(Object.fromEntries(proposal.data.placed.map(({ well, ...c }) => [well, c])));
    setWaiting(proposal.data.waiting);
    setMachine(proposal.data.template.machine);
    setSelected(null);
  }, [proposal.data]);

  const free = useMemo(() => {
    if (!chosen) return [];
    const controls = new Set(chosen.controls.map((c) => c.well));
    return plateWells(chosen.size as PlateSize, chosen.fill as FillOrder).filter((w) => !controls.has(w));
  }, [chosen]);

  const pick = (well: string) => {
    if (!selected) {
      if (placed[well]) setSelected(well);
      return;
    }
    if (selected === well) return setSelected(null);
    // swap the two wells (or move into an empty one)
    setPlaced((now) => {
      const next = { ...now };
      const a = now[selected];
      const b = now[well];
      if (a) next[well] = a;
      else delete next[well];
      if (b) next[selected] = b;
      else delete next[selected];
      return next;
    });
    setSelected(null);
  };
  const remove = () => {
    if (!selected || !placed[selected]) return;
    const out = placed[selected]!;
    setPlaced(({ [selected]: _gone, ...rest }) => rest);
    setWaiting((w) => [out, ...w]);
    setSelected(null);
  };
  const add = (c: WorksheetCandidate) => {
    const well = free.find((w) => !placed[w]);
    if (!well) return setProblem(t('plateFull'));
    setPlaced((now) => ({ ...now, [well]: c }));
    setWaiting((w) => w.filter((x) => x.test_order !== c.test_order));
  };
  const count = Object.keys(placed).length;
  const save = () =>
    modal.confirm({
      title: t('createTitle'),
      content: t('createText', { count }),
      okText: t('create'),
      cancelText: t('keep'),
      onOk: async () => {
        setProblem(null);
        try {
          const ws = await create.mutateAsync({
            template: template!,
            machine,
            positions: Object.entries(placed).map(([well, c]) => ({ well, test_order: c.test_order })),
          });
          onCreated(ws.id);
        } catch (error) {
          setProblem(errorDetail(error) ?? t('saveError'));
        }
      },
    });

  if (!active.length) return <Empty description={t('noTemplates')} />;
  const wells: Well[] = [
    ...(chosen?.controls ?? []).map(
      (c) =>
        ({
          well: c.well,
          kind: c.kind,
          label: c.kind === 'duplicate' && c.of ? `${c.label}: ${placed[c.of]?.barcode ?? c.of}` : c.label,
          barcode: c.kind === 'duplicate' && c.of ? placed[c.of]?.barcode : undefined,
        }) as Well,
    ),
    ...Object.entries(placed).map(([well, c]) => ({ well, kind: 'sample' as const, label: c.barcode, barcode: c.barcode, urgent: c.priority === 'urgent' })),
  ];
  return (
    <Card className="ws-builder" data-testid="worksheet-builder">
      {holder}
      <Space wrap className="ws-builder__choice">
        <Select
          aria-label={t('template')}
          className="ws-builder__template"
          value={template}
          onChange={setTemplate}
          options={active.map((x) => ({ value: x.id, label: `${x.name} · ${x.test_type_name ?? ''}` }))}
        />
        <Select
          aria-label={t('machine')}
          className="ws-builder__machine"
          value={machine ?? 0}
          onChange={(v) => setMachine(v === 0 ? null : v)}
          options={[
            { value: 0, label: t('noMachine') },
            ...machineAvailability.mark(machines.map((m) => ({ value: m.id, label: m.model ? `${m.name} (${m.model})` : m.name }))),
          ]}
        />
      </Space>
      <MachineWarning reason={machineAvailability.reasonOf(machine)} />
      {proposal.isPending && template != null ? (
        <Spin className="clin-loading" />
      ) : proposal.error ? (
        <LoadError title={t('loadError')} error={proposal.error} onRetry={() => void proposal.refetch()} />
      ) : chosen ? (
        <>
          <Alert type="info" showIcon className="ws-view__alert" title={t('builderHelp', { count, free: free.length })} />
          <PlateGrid size={chosen.size} wells={wells} selected={selected} onPick={pick} />
          <Space wrap className="ws-builder__actions">
            <Button disabled={!selected} onClick={remove} data-testid="ws-remove">
              {t('remove')}
            </Button>
            <Button type="primary" disabled={!count} loading={create.isPending} onClick={save} data-testid="ws-create">
              {t('createCount', { count })}
            </Button>
          </Space>
          {problem && <Alert type="error" showIcon title={problem} className="ws-view__alert" />}
          <Table<WorksheetCandidate>
            size="small"
            rowKey="test_order"
            title={() => t('waiting', { count: waiting.length })}
            dataSource={waiting}
            pagination={{ pageSize: 10, hideOnSinglePage: true }}
            locale={{ emptyText: t('noneWaiting') }}
            scroll={{ x: 'max-content' }}
            columns={[
              { key: 'barcode', title: t('column.barcode'), dataIndex: 'barcode' },
              {
                key: 'priority',
                title: t('column.priority'),
                render: (_, c) => (c.priority === 'urgent' ? <Tag color="red">{t('urgent')}</Tag> : t('routine')),
              },
              { key: 'received', title: t('column.received'), render: (_, c) => formatDateTime(c.received_at) },
              { key: 'add', title: '', render: (_, c) => <Button onClick={() => add(c)}>{t('add')}</Button> },
            ]}
          />
        </>
      ) : null}
    </Card>
  );
}

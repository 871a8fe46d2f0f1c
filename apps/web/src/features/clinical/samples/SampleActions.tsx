import { CheckOutlined, DownOutlined, ExperimentOutlined } from '@ant-design/icons';
import { canMove, MOVE_PERMISSION, type SampleAction } from '@nlims/contracts';
import { Button, Dropdown, type Modal, Popconfirm, type MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSampleMove } from '../api';
import { viewFile } from '../../../shared/files';
import { labelPath } from '../paths';
import { useProgramme } from '../programme';
import type { OrderRow } from '../types';
import type { DialogKind } from './useSampleDialogs';

interface Props {
  row: OrderRow;
  /** The list's main move, shown as a button: collection on manage-sample, acceptance on reception. */
  primary: 'collect' | 'accept';
  open: (kind: DialogKind, row: OrderRow) => void;
  modal: ReturnType<typeof Modal.useModal>[0];
}

/** The moves a sample's status and the user's role in the programme allow, plus label, history and view. */
export function SampleActions({ row, primary, open, modal }: Props) {
  const { t } = useTranslation('clinical');
  const programme = useProgramme();
  const move = useSampleMove(programme);
  const may = (action: SampleAction) => canMove(action, row.status) && programme.may(MOVE_PERMISSION[action]);
  const run = (action: 'accept' | 'release' | 'cancel') => move.mutateAsync({ id: row.id, action }).catch(() => undefined);

  const confirmCancel = () =>
    modal.confirm({
      title: t('confirm.cancelTitle', { lab: row.barcode }),
      content: t('confirm.cancelText'),
      okText: t('actions.cancelSample'),
      okButtonProps: { danger: true },
      cancelText: t('common.back'),
      onOk: () => run('cancel'),
    });

  const items: MenuProps['items'] = [
    ...(primary !== 'collect' && may('collect') ? [{ key: 'collect', label: t('actions.collect') }] : []),
    ...(primary !== 'accept' && may('accept') ? [{ key: 'accept', label: t('actions.accept') }] : []),
    ...(primary !== 'accept' && may('reject') ? [{ key: 'reject', label: t('actions.reject') }] : []),
    ...(may('hold') ? [{ key: 'hold', label: t('actions.hold') }] : []),
    ...(may('release') ? [{ key: 'release', label: t('actions.release') }] : []),
    { key: 'label', label: t('actions.printLabel') },
    { key: 'history', label: t('actions.history') },
    { key: 'view', label: t('actions.view') },
    ...(may('cancel') ? [{ type: 'divider' as const }, { key: 'cancel', label: t('actions.cancelSample'), danger: true }] : []),
  ];
  const onMenu: MenuProps['onClick'] = ({ key }) => {
    if (key === 'label') void viewFile(labelPath(programme, row.id)).catch(() => undefined);
    else if (key === 'release') void run('release');
    else if (key === 'accept') void run('accept');
    else if (key === 'cancel') confirmCancel();
    else open(key as DialogKind, row);
  };

  return (
    <>
      {primary === 'collect' && may('collect') && (
        <Button size="small" type="primary" icon={<ExperimentOutlined />} onClick={() => open('collect', row)}>
          {t('actions.collect')}
        </Button>
      )}
      {primary === 'accept' && may('accept') && (
        <Popconfirm
          title={t('confirm.acceptTitle', { lab: row.barcode })}
          okText={t('actions.accept')}
          cancelText={t('common.back')}
          onConfirm={() => run('accept')}
        >
          <Button size="small" type="primary" icon={<CheckOutlined />} loading={move.isPending}>
            {t('actions.accept')}
          </Button>
        </Popconfirm>
      )}
      {primary === 'accept' && may('reject') && (
        <Button size="small" danger onClick={() => open('reject', row)}>
          {t('actions.reject')}
        </Button>
      )}
      <Dropdown menu={{ items, onClick: onMenu }} trigger={['click']}>
        <Button size="small" aria-label={t('samples.moreActions', { lab: row.barcode })}>
          {t('samples.more')} <DownOutlined />
        </Button>
      </Dropdown>
    </>
  );
}

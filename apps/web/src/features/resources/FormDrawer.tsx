import { Button, Drawer, Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { isRtl } from '../../i18n/languages';
import { TABLET_UP, useMediaQuery } from '../../shared/page/useMediaQuery';
import { ResourceForm } from './ResourceForm';
import type { ResourceConfig, Row, Values } from './types';
import { useResourceSubmit } from './useResourceSubmit';

interface Props {
  config: ResourceConfig;
  /** Values a new record starts with beyond the config's defaults. */
  seeded?: Values;
  open: boolean;
  editing: Row | null;
  onClose: () => void;
}

const DRAWER_WIDTH = 560;

/** The form and its buttons; mounted afresh each time the drawer opens, so no values linger. */
function DrawerForm({ config, seeded, editing, onClose }: Omit<Props, 'open'>) {
  const { t } = useTranslation('admin');
  const [form] = Form.useForm<Values>();
  const { submit, pending } = useResourceSubmit(config, editing, form, onClose);
  return (
    <>
      <ResourceForm config={config} seeded={seeded} editing={editing} form={form} onSubmit={(values, shown) => void submit(values, shown)} />
      <div className="res-drawer__footer">
        <Button onClick={onClose}>{t('form.cancel')}</Button>
        <Button type="primary" loading={pending} onClick={() => form.submit()}>
          {t('form.save')}
        </Button>
      </div>
    </>
  );
}

/** Create or edit in a drawer: full width on a phone, a side panel otherwise. */
export function FormDrawer({ config, seeded, open, editing, onClose }: Props) {
  const { t, i18n } = useTranslation('admin');
  const wide = useMediaQuery(TABLET_UP);
  const title = t(editing ? 'form.editTitle' : 'form.addTitle', { name: t(config.title) });
  return (
    <Drawer
      open={open}
      onClose={onClose}
      title={title}
      placement={isRtl(i18n.language) ? 'left' : 'right'}
      size={wide ? DRAWER_WIDTH : '100%'}
      destroyOnHidden
      className="res-drawer"
    >
      {open && <DrawerForm config={config} seeded={seeded} editing={editing} onClose={onClose} />}
    </Drawer>
  );
}

import { PaperClipOutlined } from '@ant-design/icons';
import type { AttachmentTarget } from '@nlims/contracts';
import { Button, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TABLET_UP, useMediaQuery } from '../../shared/page/useMediaQuery';
import { Attachments } from './Attachments';

/** A button that opens the attachments of a sample, a result or a report in a dialog (its list is asked for only then). */
export function AttachmentsButton({ target, id, name }: { target: AttachmentTarget; id: number; name?: string }) {
  const { t } = useTranslation('files');
  const wide = useMediaQuery(TABLET_UP);
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button size="small" icon={<PaperClipOutlined />} onClick={() => setOpen(true)} aria-label={name ? t('attachments.of', { name }) : undefined}>
        {t('attachments.title')}
      </Button>
      {open && (
        <Modal
          open
          title={name ? t('attachments.of', { name }) : t('attachments.title')}
          footer={null}
          onCancel={() => setOpen(false)}
          width={wide ? 640 : '100%'}
          destroyOnHidden
        >
          <Attachments target={target} id={id} />
        </Modal>
      )}
    </>
  );
}

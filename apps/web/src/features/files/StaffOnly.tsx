import { Empty } from 'antd';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { ClinicalPage } from '../../shared/page/ClinicalPage';
import { useAccess } from '../auth/useAccess';
import type { PageProps } from '../../shared/page/pageProps';

/**
 * A facility's files are its staff's: the super admin and the officials, who hold no facility, are told so instead
 * of meeting the server's refusal.
 */
export function staffOnly(Page: ComponentType<PageProps>): ComponentType<PageProps> {
  return function StaffOnlyPage(props: PageProps) {
    const { t } = useTranslation('files');
    const ctx = useAccess();
    if (ctx.superuser || ctx.tier != null)
      return (
        <ClinicalPage page={props.page} className="files-page">
          <Empty description={t('staffOnly')} />
        </ClinicalPage>
      );
    return <Page {...props} />;
  };
}

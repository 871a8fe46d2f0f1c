import { Card, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { PageProps } from './pageProps';
import { usePageTitle } from './usePageTitle';

/** Stands in for a page until it is built. */
export default function PagePlaceholder({ page }: PageProps) {
  const { t } = useTranslation('app');
  const title = t(`nav.${page.key}`);
  usePageTitle(title);
  return (
    <Card>
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {title}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('page.building')}</Typography.Paragraph>
    </Card>
  );
}

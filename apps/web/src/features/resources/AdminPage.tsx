import { Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { PageProps } from '../../shared/page/pageProps';
import { usePageTitle } from '../../shared/page/usePageTitle';
import '../../shared/list/list.css';

/** The frame of an administration page: its sidebar title as heading and browser-tab title. */
export function AdminPage({ page, children, extra }: PageProps & { children: ReactNode; extra?: ReactNode }) {
  const { t } = useTranslation('app');
  const title = t(`nav.${page.key}`);
  usePageTitle(title);
  return (
    <section className="admin-page">
      <header className="admin-page__head">
        <Typography.Title level={3} className="admin-page__title">
          {title}
        </Typography.Title>
        {extra}
      </header>
      {children}
    </section>
  );
}

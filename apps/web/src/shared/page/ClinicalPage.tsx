import { Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { PageProps } from './pageProps';
import { usePageTitle } from './usePageTitle';
import './page.css';

/** The frame of a clinical page: its sidebar title as heading and tab title, and actions beside it. */
export function ClinicalPage({ page, children, extra, className }: PageProps & { children: ReactNode; extra?: ReactNode; className?: string }) {
  const { t } = useTranslation('app');
  const title = t(`nav.${page.key}`);
  usePageTitle(title);
  return (
    <section className={`clin-page ${className ?? ''}`}>
      <header className="clin-page__head">
        <Typography.Title level={3} className="clin-page__title">
          {title}
        </Typography.Title>
        {extra && <div className="clin-page__extra">{extra}</div>}
      </header>
      {children}
    </section>
  );
}

import { Typography } from 'antd';
import type { ReactNode } from 'react';
import { usePageTitle } from '../../shared/page/usePageTitle';
import '../../shared/page/page.css';
import './nonconformity.css';

/** A report's page: its own heading (a report's number, or "Report a non-conformity") in the page and the tab, actions beside it. */
export function Frame({
  title,
  heading,
  extra,
  children,
  testid,
}: {
  title: string;
  /** The heading on the page, when it is more than the tab's title (a number kept on one line). */
  heading?: ReactNode;
  extra?: ReactNode;
  children: ReactNode;
  testid?: string;
}) {
  usePageTitle(title);
  return (
    <section className="clin-page ncr-page" data-testid={testid}>
      <header className="clin-page__head">
        <Typography.Title level={3} className="clin-page__title">
          {heading ?? title}
        </Typography.Title>
        {extra && <div className="clin-page__extra clin-no-print">{extra}</div>}
      </header>
      {children}
    </section>
  );
}

import { FileTextOutlined } from '@ant-design/icons';
import { Card, Empty, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ClinicalPage } from '../../shared/page/ClinicalPage';
import { useAccess } from '../auth/useAccess';
import type { PageProps } from '../../shared/page/pageProps';
import { reportPagesFor } from './hub';
import './reports.css';

/** Facility staff's `/reports`: a link to each report of their programme, with what it holds. */
export function ReportsHub({ page }: PageProps) {
  const { t } = useTranslation(['reports', 'app']);
  const ctx = useAccess();
  const pages = reportPagesFor(ctx);
  const programme = ctx.program ? t(`app:program.${ctx.program}`, { defaultValue: ctx.program }) : '';
  return (
    <ClinicalPage page={page} className="reports-hub">
      <Typography.Paragraph type="secondary">{t('hub.intro', { programme })}</Typography.Paragraph>
      {pages.length ? (
        <ul className="reports-hub__list">
          {pages.map((p) => (
            <li key={p.path}>
              <Card size="small" className="reports-hub__card">
                <Link to={p.path} className="reports-hub__link">
                  <FileTextOutlined aria-hidden /> {t(`app:nav.${p.key}`)}
                </Link>
                <Typography.Paragraph type="secondary" className="reports-hub__desc">
                  {t(`hub.desc.${p.key}`, { defaultValue: t('hub.desc.other') })}
                </Typography.Paragraph>
              </Card>
            </li>
          ))}
        </ul>
      ) : (
        <Empty description={t('hub.none')} />
      )}
    </ClinicalPage>
  );
}

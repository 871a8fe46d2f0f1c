import type { HelpContact } from '@nlims/contracts';
import { sidebarFor } from '@nlims/contracts';
import { Card, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSession } from '../auth/useSession';
import { ClinicalPage } from '../../shared/page/ClinicalPage';
import { formatDateTime } from '../../shared/format/format';
import { queryState } from '../../shared/page/QueryState';
import { placeName, roleText } from '../auth/roleText';
import { useAccess } from '../auth/useAccess';
import type { PageProps } from '../../shared/page/pageProps';
import { useHelp } from './api';
import { GUIDE_STEPS, guideOf, reportTo } from './guide';
import './help.css';

/** One person to ask: the name, the username to find them by, and a link to write to them. */
function Contact({ contact }: { contact: HelpContact }) {
  const { t } = useTranslation('help');
  return (
    <li className="help-contact">
      <span className="help-contact__name">{contact.name}</span>
      <Typography.Text type="secondary" className="help-contact__username">
        {t('admins.username', { username: contact.username })}
      </Typography.Text>
      {contact.email ? (
        <a href={`mailto:${contact.email}`} dir="ltr" className="help-contact__email">
          {contact.email}
        </a>
      ) : (
        <Typography.Text type="secondary">{t('admins.noEmail')}</Typography.Text>
      )}
    </li>
  );
}

function Contacts({ list, none }: { list: HelpContact[]; none: string }) {
  if (!list.length) return <Typography.Paragraph type="secondary">{none}</Typography.Paragraph>;
  return (
    <ul className="help-contacts">
      {list.map((c) => (
        <Contact key={c.username} contact={c} />
      ))}
    </ul>
  );
}

/**
 * Help and support (`/help`), for everyone: who to ask — the user's facility and its administrators, or the system
 * administrators for those no facility administers — a guide to the user's role (what its pages are for, the day's
 * steps, the pages themselves), how to report a problem and what to put in it, and the product's version.
 */
export default function HelpPage({ page }: PageProps) {
  const { t } = useTranslation('help');
  const { t: tApp, i18n } = useTranslation('app');
  const { user, program } = useSession();
  const ctx = useAccess();
  const help = useHelp();
  const guide = guideOf(ctx);
  const to = reportTo(ctx);
  const groups = useMemo(() => sidebarFor(ctx), [ctx]);
  const role = user ? roleText(tApp, user, program) || t('role.staff') : '';
  const waiting = queryState(help, t('loadError'));
  const data = help.data;
  // each piece isolated, so that a right-to-left role or place does not reorder the others
  const details = Object.entries({
    version: t('version.text', { version: data?.version ?? '' }),
    user: user?.username,
    role,
    place: user ? placeName(tApp, user) : '',
    programme: program ? tApp(`program.${program}`, { defaultValue: program }) : '',
    language: i18n.language,
    time: formatDateTime(new Date()),
  }).filter((entry): entry is [string, string] => !!entry[1]);

  return (
    <ClinicalPage page={page} className="help-page">
      <Typography.Paragraph className="help-page__intro">{t('intro')}</Typography.Paragraph>
      <div className="help-page__grid">
        <Card title={t('admins.title')} className="help-card" data-testid="help-contacts">
          {waiting ??
            (data && (
              <>
                {data.facility && (
                  <section className="help-section" aria-labelledby="help-facility">
                    <Typography.Title level={5} id="help-facility" className="help-section__title">
                      {data.facility.name}
                    </Typography.Title>
                    <dl className="help-facility">
                      <dt>{t('facility.address')}</dt>
                      <dd>{data.facility.address ? <bdi>{data.facility.address}</bdi> : t('facility.none')}</dd>
                      <dt>{t('facility.phone')}</dt>
                      <dd>
                        {data.facility.phone ? (
                          <a href={`tel:${data.facility.phone.replace(/[^+0-9]/g, '')}`} dir="ltr">
                            {data.facility.phone}
                          </a>
                        ) : (
                          t('facility.none')
                        )}
                      </dd>
                      <dt>{t('facility.email')}</dt>
                      <dd>
                        {data.facility.email ? (
                          <a href={`mailto:${data.facility.email}`} dir="ltr">
                            {data.facility.email}
                          </a>
                        ) : (
                          t('facility.none')
                        )}
                      </dd>
                    </dl>
                    <Typography.Title level={5} className="help-section__title">
                      {t('admins.facility')}
                    </Typography.Title>
                    <Contacts list={data.facility_administrators} none={t('admins.facilityNone')} />
                  </section>
                )}
                {(to === 'system' || data.system_administrators.length > 0) && (
                  <section className="help-section">
                    <Typography.Title level={5} className="help-section__title">
                      {t('admins.system')}
                    </Typography.Title>
                    <Typography.Paragraph type="secondary">{t('admins.systemHint')}</Typography.Paragraph>
                    <Contacts list={data.system_administrators} none={t('admins.systemNone')} />
                  </section>
                )}
              </>
            ))}
        </Card>

        <Card title={t('guide.title', { role })} className="help-card" data-testid="help-guide">
          <Typography.Paragraph>{t(`guide.${guide}.purpose`)}</Typography.Paragraph>
          <Typography.Title level={5} className="help-section__title">
            {t('guide.steps')}
          </Typography.Title>
          <ol className="help-steps">
            {GUIDE_STEPS.map((n) => (
              <li key={n}>{t(`guide.${guide}.step${n}`)}</li>
            ))}
          </ol>
          {groups.length > 0 && (
            <>
              <Typography.Title level={5} className="help-section__title">
                {t('guide.pages')}
              </Typography.Title>
              <ul className="help-pages">
                {groups.flatMap(({ pages }) =>
                  pages.map((p) => (
                    <li key={p.path}>
                      <Link to={p.path}>{tApp(`nav.${p.key}`)}</Link>
                    </li>
                  )),
                )}
              </ul>
            </>
          )}
        </Card>

        <Card title={t('report.title')} className="help-card" data-testid="help-report">
          <Typography.Paragraph>{t(to === 'facility' ? 'report.toFacility' : 'report.toSystem')}</Typography.Paragraph>
          <Typography.Title level={5} className="help-section__title">
            {t('report.include')}
          </Typography.Title>
          <ul className="help-steps">
            {[1, 2, 3, 4].map((n) => (
              <li key={n}>{t(`report.include${n}`)}</li>
            ))}
          </ul>
          <Typography.Title level={5} className="help-section__title">
            {t('report.details')}
          </Typography.Title>
          <Typography.Paragraph copyable={{ text: details.map(([, piece]) => piece).join(' · ') }} className="help-details" data-testid="help-details">
            {details.map(([what, piece], i) => (
              <span key={what}>
                {i > 0 && ' · '}
                <bdi>{piece}</bdi>
              </span>
            ))}
          </Typography.Paragraph>
        </Card>

        <Card title={t('version.title')} className="help-card" data-testid="help-version">
          <Typography.Paragraph className="help-version">
            <bdi>{data ? t('version.text', { version: data.version }) : '…'}</bdi>
          </Typography.Paragraph>
        </Card>
      </div>
    </ClinicalPage>
  );
}
